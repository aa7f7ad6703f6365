import { stripAccents } from "../../../core/text/fold-text";
import { PREPARATION_WORDS } from "./preparation-words";

/**
 * A food's name for matching and merging: "Onions, finely chopped" and "1 large onion" are both "onion".
 * Deliberately simple (lower case, no preparation notes, no size words, every word singular): it merges
 * the common cases and, when unsure, keeps lines apart rather than merging different foods.
 */

/** Leading words that only say "some of": "a pinch of salt" is salt. */
const LEADING_PHRASES = [
  "a pinch of ",
  "pinch of ",
  "a handful of ",
  "handful of ",
  "a dash of ",
  "dash of ",
  "a splash of ",
  "some ",
  "a ",
  "an ",
  "uma pitada de ",
  "um fio de ",
  "um punhado de ",
];

/** Trailing notes that are not part of the food. */
const TRAILING_PHRASES = [
  " to taste",
  " for serving",
  " to serve",
  " for garnish",
  " optional",
  " a gosto",
  " para servir",
];

/**
 * "q.b." (quanto baste, "as much as needed") ends the food's name like a comma: "sal q.b.", "azeite q.b.
 * para regar". A line that is only "q.b." names no food.
 */
const QUANTO_BASTE = /(?:^|\s)(?:q\.?\s?b\.?|quanto baste)(?=\s|$|[,;)])/u;

const INVARIANT_PLURALS = new Set([
  "brussels",
  "hummus",
  "couscous",
  "asparagus",
  "molasses",
  "swiss",
  "grass",
  "citrus",
]);
const IRREGULAR_PLURALS: Record<string, string> = {
  leaves: "leaf",
  halves: "half",
  loaves: "loaf",
  chillies: "chilli",
  nozes: "noz",
  "alhos-franceses": "alho-francês",
};

/** Plurals: tomatoes → tomato, berries → berry, onions → onion, limões → limão, pretas → preta. */
export const singularize = (word: string): string => {
  const irregular = IRREGULAR_PLURALS[word];
  if (irregular !== undefined) return irregular;
  if (
    word.length <= 3 ||
    INVARIANT_PLURALS.has(word) ||
    word.endsWith("ss") ||
    word.endsWith("us") ||
    word.endsWith("ês") ||
    /['’]s$/.test(word)
  )
    return word;
  if (word.endsWith("ões") || word.endsWith("ães")) return `${word.slice(0, -3)}ão`;
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.endsWith("oes")) return word.slice(0, -2);
  if (word.endsWith("ches") || word.endsWith("shes")) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("is")) return word.slice(0, -1);
  return word;
};

const stripPhrases = (text: string): string => {
  let result = text;
  for (const phrase of LEADING_PHRASES) if (result.startsWith(phrase)) result = result.slice(phrase.length);
  for (const phrase of TRAILING_PHRASES)
    if (result.endsWith(phrase)) result = result.slice(0, -phrase.length);
  return result.trim();
};

/** The food a description names, in lower case: "Chicken thighs, cut into pieces" → "chicken thigh". */
export const normalizeFoodName = (description: string): string => {
  const withoutNotes = description
    .toLowerCase()
    .replace(/\([^)]*\)/g, " ")
    .split(/,| - | – |;/)[0]
    ?.split(QUANTO_BASTE)[0]
    ?.replace(/\s+/g, " ")
    .trim();
  // Every word, not just the last: a Portuguese adjective agrees with its noun ("azeitonas pretas" is
  // "azeitona preta") and a Portuguese name is headed by its first word ("folhas de louro").
  return stripPhrases(withoutNotes ?? "")
    .split(" ")
    .filter((word) => word !== "" && !PREPARATION_WORDS.has(word))
    .map(singularize)
    .join(" ");
};

/**
 * The same name without accents, as a merge key ("limão" and "limao" are one food). Core's stripAccents
 * drops the combining marks; spacing accents written on their own ("d´alho", "^") go too, as they always
 * did here.
 */
export const foodKeyOf = (name: string): string => stripAccents(name).replace(/\p{Diacritic}/gu, "");
