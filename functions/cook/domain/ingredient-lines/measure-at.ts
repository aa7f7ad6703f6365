import type { RecipeLocale } from "../recipes/recipe-locale";
import { readNumberAt } from "./ingredient-amount";
import { PREPARATION_WORDS } from "./ingredient-name";
import {
  convertInLocale,
  isCaseSensitiveSpelling,
  METRIC_UNIT_IDS,
  UNIT_SPELLINGS,
  unitKindOf,
} from "./ingredient-units";
import { SPOON_SIZES } from "./portuguese-units";

/**
 * The pieces of an ingredient line's amount, each read at a position: a unit (its spellings, spoon
 * phrases, the modifiers before and after it), a number or range, and a measure (a number and its unit).
 * read-ingredient-line.ts and the amount readers build on them.
 */

export interface Measure {
  value: number;
  /** A range's high end ("14-16oz", "5- to 6-ounce"), else null. */
  value2: number | null;
  unitId: string;
  start: number;
  end: number;
}

export interface Quantity {
  value: number;
  value2: number | null;
  end: number;
}

/** The unit of each spoon size word ("sopa" → tablespoon), from portuguese-units.ts' one list. */
const SPOON_SIZE_UNITS: Readonly<Record<string, string>> = Object.fromEntries(
  SPOON_SIZES.flatMap((size) => size.words.map((word) => [word, size.unitId])),
);

/** "colher(es) de sopa", "colher (sopa)", "c. de chá", "c. sopa". */
const SPOON_PHRASE =
  /^(?:colher(?:es)?|c\.)\s*(?:de\s+(sopa|chá|cha|sobremesa|café|cafe)|\(\s*(?:de\s+)?(sopa|chá|cha|sobremesa|café|cafe)\s*\)|(sopa|chá|cha|sobremesa|café|cafe))(?![\p{L}])/u;

/** Words between an amount and its unit that are not part of the food: "4 heaped tbsp", "a large knob". */
const UNIT_MODIFIERS = new Set([
  "heaped",
  "heaping",
  "level",
  "levelled",
  "leveled",
  "rounded",
  "generous",
  "scant",
  "good",
  "large",
  "small",
  "big",
  "medium",
  "thick",
  "thin",
  "thumb-sized",
  "little",
  "full",
  "sm",
  "md",
  "lg",
  "tiny",
  "extra-large",
  "good-sized",
  "good-size",
  "medium-sized",
  "medium-size",
  "large-sized",
  "small-sized",
  "paper-thin",
  "fat",
  "plump",
  "thick-cut",
  "fresh",
  "whole",
  "long",
  "unpeeled",
  "packed",
  "hefty",
  "very",
  "fine",
  "loosely",
  "lightly",
  "tightly",
  "firmly",
]);

/** Words after a Portuguese spoon or cup: "colher de sopa rasa", "chávena (chá)". */
const AFTER_UNIT =
  /^\s*(?:rasa|rasas|bem\s+cheia|bem\s+cheias|mal\s+cheia|cheia|cheias|\(\s*(?:de\s+)?chá\s*\)|\(\s*almoçadeira\s*\))(?![\p{L}])/u;

export const CONTAINER_WORD =
  /^\s*(?:tins?|cans?|jars?|packets?|packs?|packages?|sachets?|bags?|box(?:es)?|cartons?|envelopes?|pots?|tubs?|bottles?|punnets?|latas?|embalage(?:m|ns)|pacotes?|frascos?|saquetas?)(?![\p{L}])\.?/u;

/** "3kg piece of pork belly": the piece is how it is sold, not the food. */
export const PIECE_OF = /^\s*(?:pieces?\s+of|piece|joint\s+of|pedaço\s+de)\s+/;

export const NO_AMOUNT_LEAD = /^(?:a\s+little|a\s+few|few|a\s+bit\s+of|some|a\s+drop\s+of|several)\s+/;

/** A length before a count unit: "1-inch piece", "5cm/2in piece", "2.5cm (1in) piece". */
export const LENGTH =
  /^\s*\d+(?:[.,]\d+)?(?:\s+\d+\/\d+|\/\d+)?\s*-?\s*(?:inch(?:es)?|in\.?|cm|mm)(?![\p{L}])(?:\s*(?:\/\s*|\(\s*)\d+(?:[.,]\d+)?(?:\s+\d+\/\d+|\/\d+)?\s*-?\s*(?:inch(?:es)?|in\.?|cm|mm)\s*\)?)?/u;

/** The spellings by their first character, longest first, so a line is not tried against every unit. */
const SPELLINGS_BY_FIRST_CHAR = new Map<string, typeof UNIT_SPELLINGS>();
for (const entry of UNIT_SPELLINGS) {
  const first = entry.spelling.charAt(0);
  SPELLINGS_BY_FIRST_CHAR.set(first, [...(SPELLINGS_BY_FIRST_CHAR.get(first) ?? []), entry]);
}

/** The unit whose spelling starts at `start`, longest spelling first, ending at a word boundary. */
export const unitAt = (
  lower: string,
  original: string,
  start: number,
): { unitId: string; end: number } | null => {
  const spoon = SPOON_PHRASE.exec(lower.slice(start));
  if (spoon !== null) {
    const size = spoon[1] ?? spoon[2] ?? spoon[3] ?? "";
    const unitId = SPOON_SIZE_UNITS[size];
    if (unitId !== undefined) return { unitId, end: start + spoon[0].length };
  }
  const candidates = [
    ...(SPELLINGS_BY_FIRST_CHAR.get(lower.charAt(start)) ?? []),
    ...(original.charAt(start) === lower.charAt(start)
      ? []
      : (SPELLINGS_BY_FIRST_CHAR.get(original.charAt(start)) ?? [])),
  ];
  for (const { spelling, unitId } of candidates) {
    const source = isCaseSensitiveSpelling(spelling) ? original : lower;
    if (!source.startsWith(spelling, start)) continue;
    const after = source.charAt(start + spelling.length);
    // "1lb9oz": a pound or pint may run into the ounces of a compound amount; other units end at a digit.
    if (/\p{L}/u.test(after) || (/\d/.test(after) && unitId !== "pound" && unitId !== "pint")) continue;
    // "rib-eye steaks", "cup-shaped leaves": a word of its own, not a unit.
    if (after === "-" && /\p{L}/u.test(source.charAt(start + spelling.length + 1))) continue;
    // A one-letter unit ("t", "T", "c", "l", "g") must stand alone: "2 T butter", not "2 T-bone steaks".
    const rangeDash = after === "-" && /\d/.test(source.charAt(start + 2));
    if (spelling.length === 1 && !/^(?:[\s.,;/()]|)$/.test(after) && !rangeDash) continue;
    let end = start + spelling.length;
    if (source.charAt(end) === "." && !spelling.endsWith(".")) end++;
    return { unitId, end };
  }
  return null;
};

/** A unit at `start`, read past modifiers before it ("heaped tbsp") and after it ("colher rasa"). */
export const unitWithModifiersAt = (
  lower: string,
  original: string,
  start: number,
): { unitId: string; end: number } | null => {
  let position = start;
  for (;;) {
    const word = /^\s*([\p{L}-]+)\s+/u.exec(lower.slice(position));
    // "quarter-sized slices", "fist-sized balls", "bun-size pieces": a size, whatever it is likened to.
    // "1 minced clove garlic", "small to medium head": preparation words and "to"/"or" between sizes too.
    const modifier = word?.[1] ?? "";
    const isModifier = (candidate: string) =>
      UNIT_MODIFIERS.has(candidate) ||
      PREPARATION_WORDS.has(candidate) ||
      /^\p{L}+-siz(?:e|ed)$/u.test(candidate);
    const between =
      (modifier === "to" || modifier === "or") && position > start
        ? /^\s*(?:to|or)\s+([\p{L}-]+)\s+/u.exec(lower.slice(position))
        : null;
    if (word === null || !(isModifier(modifier) || (between !== null && isModifier(between[1] ?? "")))) break;
    position += word[0].length;
  }
  const unit = unitAt(lower, original, position + (/^\s*/.exec(lower.slice(position))?.[0].length ?? 0));
  if (unit === null) return null;
  const after = AFTER_UNIT.exec(lower.slice(unit.end));
  return after === null ? unit : { unitId: unit.unitId, end: unit.end + after[0].length };
};

export const skipSpaces = (text: string, position: number): number =>
  position + (/^\s*/.exec(text.slice(position))?.[0].length ?? 0);

/** "-", "to", "- to": between a range's two ends ("14-16oz", "5- to 6-ounce"). */
const RANGE_SEPARATOR = /^\s*(?:-\s*to|-|to)\s*/;

/**
 * A number and unit ("400g", "14.5 ounce", "8-ounce", "1lb 2oz", "14-16oz", "5- to 6-ounce"): the size of
 * a can, one side of a dual.
 */
export const measureAt = (
  lower: string,
  original: string,
  start: number,
  locale: RecipeLocale,
): Measure | null => {
  const from = skipSpaces(lower, start);
  const number = readNumberAt(lower, from);
  if (number === null) return null;
  const unitAfter = (end: number) =>
    unitAt(lower, original, skipSpaces(lower, end + (lower.charAt(end) === "-" ? 1 : 0)));
  let unit = unitAfter(number.end);
  let value2: number | null = null;
  if (unit === null) {
    const separator = RANGE_SEPARATOR.exec(lower.slice(number.end));
    const high = separator === null ? null : readNumberAt(lower, number.end + separator[0].length);
    if (high !== null && high.value > number.value) {
      unit = unitAfter(high.end);
      value2 = high.value;
    }
  }
  if (unit === null || unitKindOf(unit.unitId) === "count") return null;
  const measure = { value: number.value, value2, unitId: unit.unitId, start: from, end: unit.end };
  // "1lb 2oz", "1lb2oz", "1 pint 5fl oz": a compound imperial amount, summed in its first unit.
  const more =
    value2 === null && !isMetric(unit.unitId) ? measureAt(lower, original, unit.end, locale) : null;
  if (more !== null && more.unitId !== measure.unitId && /^\s*\d/.test(lower.slice(unit.end))) {
    const converted = convertInLocale(more.value, more.unitId, measure.unitId, locale);
    if (converted !== null) return { ...measure, value: measure.value + converted, end: more.end };
  }
  return measure;
};

/** A number or number words at `start`, with a range's high end when one follows. */
export const quantityAt = (lower: string, start: number): Quantity | null => {
  let position = skipSpaces(lower, start);
  let value: number | null = null;
  const article = /^(?:a|an)\s+/.exec(lower.slice(position));
  if (article !== null) {
    // "a dozen", "a half cup", "a pinch", "a lemon": one, unless "a little", "a few".
    if (NO_AMOUNT_LEAD.test(lower.slice(position))) return null;
    position += article[0].length;
    const word = readNumberAt(lower, position);
    if (word !== null && (lower.startsWith("dozen", position) || lower.startsWith("half", position))) {
      return { value: word.value, value2: null, end: word.end };
    }
    return { value: 1, value2: null, end: position };
  }
  const number = readNumberAt(lower, position);
  if (number === null) return null;
  value = number.value;
  position = number.end;
  // "half a lemon", "half an onion", "meia dúzia", "half a dozen".
  const halfOf = /^\s+(?:a|an)(?=\s)/.exec(lower.slice(position));
  if (halfOf !== null && value < 1) position += halfOf[0].length;
  const dozen = /^\s+(?:dozen|dúzia)(?![\p{L}])/u.exec(lower.slice(position));
  if (dozen !== null && value !== 12) {
    value *= 12;
    position += dozen[0].length;
  }
  const range = /^\s*(?:-|to|a|ou|or)\s*/.exec(lower.slice(position));
  if (range !== null && (range[0].includes("-") || /\s$/.test(range[0]))) {
    const high = readNumberAt(lower, position + range[0].length);
    const afterHigh = high === null ? "" : lower.slice(high.end);
    if (high !== null && high.value > value && !/^\s*[x×]/.test(afterHigh)) {
      return { value, value2: high.value, end: high.end };
    }
  }
  return { value, value2: null, end: position };
};

export const isMetric = (unitId: string): boolean => METRIC_UNIT_IDS.has(unitId);
