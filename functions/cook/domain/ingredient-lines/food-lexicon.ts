import { z } from "zod";
import { parseOrThrow } from "../../../core/validation";
import type { RecipeLocale } from "../recipes/recipe-locale";
import foodLexiconData from "./food-lexicon.json";
import { foodKeyOf, singularize } from "./food-name";

/**
 * One food by its Portuguese and English names, so the shopping list merges "alho" from a Portuguese
 * recipe with "garlic" from an English one. Data only (food-lexicon.json): add a row to merge a food, never a rule. Each name
 * is read in its own language only ("salsa" is parsley in a Portuguese recipe and a sauce in an English
 * one), and a name must name one food: "pepper" (pimenta or pimento?) and "oil" (which?) are left out.
 * Only one food under two languages' names (or two spellings): a kind or grade of it ("whole milk",
 * "extra virgin olive oil", "sea salt") is a product of its own and keeps its own item. The first English
 * name is the food's key. Names are as the shopping list writes them (lower case,
 * without preparation words); plurals are singularised here as they are there.
 */
export const FoodLexiconSchema = z
  .array(z.strictObject({ pt: z.array(z.string().min(1)).min(1), en: z.array(z.string().min(1)).min(1) }))
  .min(1);

/** The rows, data in food-lexicon.json. */
export const FOOD_LEXICON: readonly { pt: readonly string[]; en: readonly string[] }[] = parseOrThrow(
  FoodLexiconSchema,
  foodLexiconData,
  "food-lexicon.json",
);

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
