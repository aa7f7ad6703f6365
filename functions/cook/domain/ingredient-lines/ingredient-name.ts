import { foodKeyOf, singularize } from "./food-name";
import { PREPARATION_WORDS } from "./preparation-words";

// Where it was defined before food-name.ts needed it too (issue 43: one list, not two); kept for callers.
export { PREPARATION_WORDS };

/**
 * The food a shopper buys, from what follows a line's amount: "hot, scalded milk" is milk, "mozzarella
 * cheese diced into 1/4-inch pieces" is mozzarella cheese, "cebolas picadas" is cebola. Preparation,
 * size, temperature and serving words leave the name wherever they stand; words that make a different
 * product stay ("whole milk", "whole cloves", "ground cinnamon", "canned chickpeas", "queijo ralado").
 */

/** Phrases that keep a preparation word as part of the product. */
const PRODUCT_PHRASES = [
  "crushed red pepper",
  "queijo fresco",
  "minced beef",
  "minced pork",
  "minced lamb",
  "chopped tomatoes",
  "diced tomatoes",
  "crushed tomatoes",
  "medium curry",
  "mild curry",
  "hot sauce",
  "hot pepper sauce",
  "hot chilli",
  "hot smoked",
  "carne picada",
  "amêndoa laminada",
  "mozzarella fresco",
  "mozzarella fresca",
  "hot paprika",
  "hot smoked paprika",
];

/** A preparation word after the food starts the preparation note ("cheese diced into cubes"). */
const NOTE_STARTS = new Set(
  [
    "chopped diced sliced minced grated crushed peeled deseeded seeded halved quartered trimmed rinsed drained",
    "softened melted beaten sifted cubed shredded torn cut broken mashed removed stemmed thawed squeezed tied",
    "cortado cortada cortados cortadas picada picado picadas picados demolhado demolhada",
  ]
    .join(" ")
    .split(" "),
);

/** Words after a preparation word that make it a note: "diced into", "cut in", "chopped and". */
const NOTE_FOLLOWERS = new Set([
  "into",
  "fininha",
  "fininho",
  "finamente",
  "aos",
  "às",
  "ao",
  "à",
  "in",
  "and",
  "to",
  "e",
  "em",
  "finely",
  "roughly",
  "thinly",
  "lengthways",
  "lengthwise",
  "crosswise",
  "on",
  "with",
]);

/** Serving and purpose notes, and the end of a name: everything from them on goes. */
const TRAILING_NOTE =
  /(?:(?<![\p{L}\d])(?:to taste|to serve|for serving|to garnish|for garnish(?:ing)?|for dusting|for greasing|for (?:deep-|shallow-)?frying|for drizzling|to drizzle|for sprinkling|for topping|for brushing|for the \w+|as needed|as required|plus|leaves only|(?:dissolved|mixed|diluted|blended|whisked|soaked|combined|stirred(?: together)?|seasoned|tied(?: together)?|fried|dredged|tossed|rubbed) (?:in|with)|made from|to (?:grease|cover|glaze|sprinkle|season|brush|coat|finish|decorate|dust|fry|a depth)|such as|about|approximately|into|for|used for|made with|from an?|if (?:needed|using|you like|liked|desired)|see note|see notes|in their shells|weighing|each weighing|at room temperature|para (?:regar|servir|temperar|decorar|fritar|polvilhar|untar|barrar|pincelar)|a gosto|quanto baste|em (?:cubos|cubinhos|tiras|rodelas|juliana|lascas|pedaços|gomos|meias-luas|fatias)|às rodelas|à temperatura ambiente|sem (?:pele|sementes|espinhas|casca)|do dia anterior|a ferver)(?![\p{L}\d])|(?:^|\s)q\.?\s?b\.?(?=\s|$|[,;)])).*$/u;

/** Adjectives written before the food with a comma between ("boneless, skinless", "hot, scalded"). */
const COORDINATE_ADJECTIVES = new Set([
  "firm",
  "soft",
  "crusty",
  "whole",
  "lean",
  "plump",
  "boneless",
  "skinless",
  "hot",
  "warm",
  "cold",
  "fresh",
  "ripe",
  "large",
  "small",
]);

const EDGE_WORDS = new Set([
  "each",
  "a",
  "an",
  "the",
  "some",
  "of",
  "and",
  "or",
  "e",
  "de",
  "with",
  "com",
  "little",
  "few",
]);

/** "freshly ground" is grinding at home (black pepper); "ground" alone is a product (ground cinnamon). */
const FRESHLY_GROUND = /\b(?:freshly|fresh)\s+(?:ground|grated|squeezed|cracked|milled)\b/g;

const protect = (text: string): { text: string; restore: (word: string) => string } => {
  let result = text;
  for (const phrase of PRODUCT_PHRASES) result = result.replaceAll(phrase, phrase.replaceAll(" ", "\u0000"));
  return { text: result, restore: (word) => word.replaceAll("\u0000", " ") };
};

/** "shelled and skinned walnuts", "medium to small potatoes": a connective between two preparation words. */
const CONNECTIVES = new Set(["and", "or", "to", "e", "ou"]);
const isPreparationLike = (word: string | undefined): boolean =>
  word !== undefined && (PREPARATION_WORDS.has(word) || /^\p{L}+ed$/u.test(word));

const wordsOf = (segment: string, keepPreparation: boolean): string[] => {
  const { text, restore } = protect(segment.replace(FRESHLY_GROUND, " "));
  const words = text
    .split(/\s+/)
    .filter(
      (word, index, all) =>
        word !== "" &&
        !(
          !keepPreparation &&
          CONNECTIVES.has(word) &&
          PREPARATION_WORDS.has(all[index + 1] ?? "") &&
          isPreparationLike(all[index - 1])
        ),
    );
  // The note starts at a preparation word after the food ("cheese diced into cubes"), not before it.
  const foodAt = words.findIndex((word) => !PREPARATION_WORDS.has(word) && !EDGE_WORDS.has(word));
  // ... and only when nothing but the note follows it: "cooked mashed potato" keeps its potato.
  const noteAt = words.findIndex(
    (word, index) =>
      foodAt >= 0 &&
      index > foodAt &&
      NOTE_STARTS.has(word) &&
      (index === words.length - 1 || NOTE_FOLLOWERS.has(words[index + 1] ?? "")),
  );
  const kept = (noteAt > 0 ? words.slice(0, noteAt) : words).filter(
    (word) => keepPreparation || !PREPARATION_WORDS.has(word),
  );
  while (kept.length > 0 && EDGE_WORDS.has(kept[0] ?? "")) kept.shift();
  while (kept.length > 0 && EDGE_WORDS.has(kept.at(-1) ?? "")) kept.pop();
  return kept.map(restore);
};

const OR = /\s(?:or|ou)\s/u;

/** Words that say which kind of a food, written as alternatives before it ("white or brown rice"). */
const KIND_WORDS = new Set(
  [
    "white brown red yellow green orange black golden dark light plain sweet mild hot raw whole",
    "frozen fresh canned tinned dried cooked smoked unsmoked salted unsalted skimmed wholemeal wholewheat",
    "granulated caster icing branco branca tinto tinta fresco fresca seco seca",
  ]
    .join(" ")
    .split(" "),
);
const isKindWord = (word: string): boolean =>
  KIND_WORDS.has(word) ||
  PREPARATION_WORDS.has(word) ||
  /^\p{L}+-\p{L}+$/u.test(word) ||
  /^\p{L}+ed$/u.test(word);

/**
 * "A or B" names A, unless A is only a preparation ("crumbled or powdered sage", "medium or large"). When
 * A and B's first word are kinds of the food that follows ("white or brown rice", "plain or self-raising
 * flour", "fresh or frozen peas"), A is that kind of it: "white rice", "plain flour", "peas".
 */
const firstAlternative = (text: string): string => {
  const or = OR.exec(text);
  if (or === null) return text;
  const before = text.slice(0, or.index);
  const after = text.slice(or.index + or[0].length);
  const beforeWords = before.trim().split(/\s+/);
  const [otherKind = "", ...food] = after.trim().split(/\s+/);
  const kinds =
    beforeWords.length === 1 && isKindWord(beforeWords[0] ?? "") && isKindWord(otherKind) && food.length > 0;
  if (kinds) return wordsOf(before, false).length > 0 ? `${before.trim()} ${food.join(" ")}` : food.join(" ");
  return wordsOf(before, false).length > 0 ? before : after;
};

export interface FoodNameOptions {
  /** The food comes in a can or jar: "chopped tomatoes" is then the product, not a preparation. */
  inContainer: boolean;
}

/**
 * The food named by `text` (what follows the amount), in lower case as written, or "" when it names
 * none. "A or B" names A.
 */
export const foodNameOf = (text: string, options: FoodNameOptions): string => {
  const cleaned = text
    .toLowerCase()
    .replace(/\([^)]*\)?/g, " ")
    .replace(/[*†‡•]/g, " ")
    .replace(/\s+\d+(?:[.,]\d+)?\s*(?:ml|g|kg|l|oz|lb|cups?|tbsp|tsp)(?![\p{L}]).*$/u, "")
    .replace(TRAILING_NOTE, "")
    .replace(/\s+/g, " ")
    .trim();
  const segments = firstAlternative(cleaned)
    .split(/\s*(?:,|;| - | – |:)\s*/)
    .map((segment) => segment.trim());
  for (let index = 0; index < segments.length; index++) {
    let segment = segments[index] ?? "";
    const next = segments[index + 1];
    const adjective = COORDINATE_ADJECTIVES.has(segment) || /^[\p{L}-]+(?:ed|less|y)$/u.test(segment);
    // "firm, ripe avocados" joins; "chicken, chopped" or "onion, finely sliced" does not.
    const nextNamesFood =
      next !== undefined &&
      (!PREPARATION_WORDS.has(next.split(" ")[0] ?? "") ||
        (!NOTE_STARTS.has(next.split(" ")[0] ?? "") && wordsOf(next, false).length > 0));
    if (adjective && next !== undefined && nextNamesFood) {
      segment = `${segment} ${next}`;
      index++;
    }
    const words = wordsOf(segment, options.inContainer && index === 0);
    const name = words.join(" ").replace(/[.,;:]+$/, "");
    if (/\p{L}/u.test(name)) return name;
  }
  return "";
};

/** The name as the shopping list merges it: every word singular ("bay leaves" → "bay leaf"). */
export const shoppingNameOf = (name: string): string => name.split(" ").map(singularize).join(" ");

/** Comparison key for names: case, accents and plural endings aside (accents last: "limões" → "limão" needs them). */
export const foodNameKey = (name: string): string =>
  foodKeyOf(shoppingNameOf(name.toLowerCase().replace(/\s+/g, " ").trim()));
