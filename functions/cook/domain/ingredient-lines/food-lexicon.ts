import type { RecipeLocale } from "../recipes/recipe-locale";
import { foodKeyOf, singularize } from "./food-name";

/**
 * One food by its Portuguese and English names, so the shopping list merges "alho" from a Portuguese
 * recipe with "garlic" from an English one. Data only: add a row to merge a food, never a rule. Each name
 * is read in its own language only ("salsa" is parsley in a Portuguese recipe and a sauce in an English
 * one), and a name must name one food: "pepper" (pimenta or pimento?) and "oil" (which?) are left out.
 * Only one food under two languages' names (or two spellings): a kind or grade of it ("whole milk",
 * "extra virgin olive oil", "sea salt") is a product of its own and keeps its own item. The first English
 * name is the food's key. Names are as the shopping list writes them (lower case,
 * without preparation words); plurals are singularised here as they are there.
 */
export const FOOD_LEXICON: readonly { pt: readonly string[]; en: readonly string[] }[] = [
  { pt: ["alho"], en: ["garlic"] },
  { pt: ["azeite"], en: ["olive oil"] },
  { pt: ["sal"], en: ["salt"] },
  { pt: ["cebola"], en: ["onion"] },
  { pt: ["cebola roxa"], en: ["red onion"] },
  { pt: ["tomate"], en: ["tomato"] },
  { pt: ["batata"], en: ["potato"] },
  { pt: ["batata-doce", "batata doce"], en: ["sweet potato"] },
  { pt: ["cenoura"], en: ["carrot"] },
  { pt: ["arroz"], en: ["rice"] },
  { pt: ["farinha", "farinha de trigo"], en: ["flour", "plain flour", "all-purpose flour"] },
  { pt: ["açúcar"], en: ["sugar"] },
  { pt: ["manteiga"], en: ["butter"] },
  { pt: ["leite"], en: ["milk"] },
  { pt: ["ovo"], en: ["egg"] },
  { pt: ["pimenta preta", "pimenta"], en: ["black pepper", "ground black pepper"] },
  { pt: ["salsa"], en: ["parsley"] },
  { pt: ["coentro"], en: ["coriander", "cilantro"] },
  { pt: ["limão"], en: ["lemon"] },
  { pt: ["lima"], en: ["lime"] },
  { pt: ["frango"], en: ["chicken"] },
  { pt: ["peito de frango"], en: ["chicken breast"] },
  { pt: ["carne picada", "carne de vaca picada"], en: ["minced beef", "beef mince", "ground beef"] },
  { pt: ["bacalhau"], en: ["salt cod"] },
  { pt: ["atum"], en: ["tuna"] },
  { pt: ["salmão"], en: ["salmon"] },
  { pt: ["camarão"], en: ["prawn", "shrimp"] },
  { pt: ["grão-de-bico", "grão"], en: ["chickpea"] },
  { pt: ["lentilha"], en: ["lentil"] },
  { pt: ["lentilha vermelha"], en: ["red lentil"] },
  { pt: ["massa"], en: ["pasta"] },
  { pt: ["pão"], en: ["bread"] },
  { pt: ["queijo"], en: ["cheese"] },
  { pt: ["natas"], en: ["cream"] },
  { pt: ["iogurte natural", "iogurte"], en: ["plain yogurt", "plain yoghurt", "yogurt", "yoghurt"] },
  { pt: ["mel"], en: ["honey"] },
  { pt: ["vinagre"], en: ["vinegar"] },
  { pt: ["vinho branco"], en: ["white wine"] },
  { pt: ["vinho tinto"], en: ["red wine"] },
  { pt: ["folha de louro", "louro"], en: ["bay leaf"] },
  { pt: ["pimento vermelho"], en: ["red bell pepper", "red pepper"] },
  { pt: ["pimento verde"], en: ["green bell pepper", "green pepper"] },
  { pt: ["cogumelo"], en: ["mushroom"] },
  { pt: ["espinafre"], en: ["spinach"] },
  { pt: ["couve"], en: ["cabbage"] },
  { pt: ["alface"], en: ["lettuce"] },
  { pt: ["pepino"], en: ["cucumber"] },
  { pt: ["abóbora"], en: ["pumpkin"] },
  { pt: ["curgete", "courgette"], en: ["courgette", "zucchini"] },
  { pt: ["beringela"], en: ["aubergine", "eggplant"] },
  { pt: ["ervilha"], en: ["pea"] },
  { pt: ["maçã"], en: ["apple"] },
  { pt: ["laranja"], en: ["orange"] },
  { pt: ["morango"], en: ["strawberry"] },
  { pt: ["canela", "canela em pó"], en: ["cinnamon", "ground cinnamon"] },
  { pt: ["cominho", "cominhos"], en: ["cumin", "ground cumin"] },
  { pt: ["gengibre"], en: ["ginger"] },
  { pt: ["noz-moscada"], en: ["nutmeg"] },
  { pt: ["colorau"], en: ["paprika", "sweet paprika"] },
  { pt: ["orégão", "orégãos", "oregãos"], en: ["oregano", "dried oregano"] },
  { pt: ["manjericão"], en: ["basil"] },
  { pt: ["tomilho"], en: ["thyme"] },
  { pt: ["alecrim"], en: ["rosemary"] },
  { pt: ["hortelã"], en: ["mint"] },
  { pt: ["malagueta"], en: ["chilli", "chili"] },
  { pt: ["alho-francês", "alho francês"], en: ["leek"] },
  { pt: ["aipo"], en: ["celery"] },
  { pt: ["brócolo", "brócolos"], en: ["broccoli"] },
  { pt: ["couve-flor"], en: ["cauliflower"] },
  { pt: ["amêndoa"], en: ["almond"] },
  { pt: ["chouriço"], en: ["chorizo"] },
  { pt: ["fiambre"], en: ["ham"] },
  { pt: ["polvo"], en: ["octopus"] },
  { pt: ["lula"], en: ["squid"] },
  { pt: ["água"], en: ["water"] },
  { pt: ["caldo de galinha"], en: ["chicken stock"] },
  { pt: ["caldo de legumes"], en: ["vegetable stock"] },
  { pt: ["molho de soja"], en: ["soy sauce"] },
];

/** A name as the shopping list keys it: every word singular, accents aside. */
const keyOfName = (name: string): string =>
  foodKeyOf(name.toLowerCase().trim().split(/\s+/).map(singularize).join(" "));

const languageOf = (locale: RecipeLocale): "pt" | "en" => (locale === "pt-PT" ? "pt" : "en");

const buildIndex = (language: "pt" | "en"): ReadonlyMap<string, string> => {
  const index = new Map<string, string>();
  for (const food of FOOD_LEXICON) {
    const [english] = food.en;
    if (english === undefined) continue;
    for (const name of food[language]) index.set(keyOfName(name), keyOfName(english));
  }
  return index;
};

const INDEXES = { pt: buildIndex("pt"), en: buildIndex("en") } as const;

/**
 * The key one food merges under, whatever the language of its recipe: "alho" (pt-PT) and "garlic"
 * (en-GB) are both "garlic". A name the lexicon does not list keeps its own key.
 */
export const foodMergeKeyOf = (name: string, locale: RecipeLocale): string =>
  INDEXES[languageOf(locale)].get(keyOfName(name)) ?? foodKeyOf(name);
