import type { RecipeLocale } from "../recipes/recipe-locale";
import { readNumberAt, respellFractions, spellOutFractions } from "./ingredient-amount";
import { foodNameOf, PREPARATION_WORDS } from "./ingredient-name";
import {
  CONTAINER_UNIT_IDS,
  convertInLocale,
  isCaseSensitiveSpelling,
  METRIC_UNIT_IDS,
  UNIT_SPELLINGS,
  unitKindOf,
} from "./ingredient-units";
import { AMOUNT_WORDS } from "./number-words";
import { SPOON_SIZES } from "./portuguese-units";

/**
 * Reads one ingredient line the way a shopper needs it: how much, in which unit, of which food. The
 * rules, in order:
 *
 * - Amounts: digits, decimals (point or comma), fractions, mixed numbers ("1 1/2", "1-1/2", "1½", "1 e
 *   1/2"), number words in English and Portuguese ("one", "half a", "a dozen", "duas", "meia").
 * - Ranges ("2-3", "2 to 3", "2 a 3", "2 or 3"): `quantity` is the low end and `quantity2` the high end;
 *   the shopping list buys the high end and shows the range.
 * - "2 x 400g tins", "1 (14.5 ounce) can", "one 8-ounce package", "1 lata de atum (120 g)": the count
 *   times the size, in the size's unit.
 * - Dual notation in either order, with "/" or parentheses ("150g/5¼oz", "4oz (100g)"): the metric amount,
 *   the other kept in `alternate` for display.
 * - "A plus B" is their sum in A's unit (converted in the recipe's locale); "A or B" is A, amount and
 *   name.
 * - Spoon modifiers (heaped, level, rounded, generous, scant, rasa, cheia) and sizes before a unit are
 *   read past; count units (clove, slice, sprig, bunch, tin, knob...) are units, also written after the
 *   food ("3 garlic cloves").
 *
 * Nothing is dropped: a line the rules cannot read whole comes back with what they read and `problem`.
 */
export interface IngredientReading {
  /** The line as given, trimmed. */
  line: string;
  /** The amount (a range's low end); null when the line gives none ("salt to taste", "sal q.b."). */
  quantity: number | null;
  /** A range's high end, else null. */
  quantity2: number | null;
  /** A unit id ("gram", "cup", "clove", "can"...), or null for a plain count. */
  unitId: string | null;
  /** The unit as written before the food ("heaped tbsp", "colheres de sopa"), when it was. */
  unitText: string | null;
  /** The food, in lower case as written ("canned chickpeas"); "" when the line names none. */
  name: string;
  /** The other notation of a dual metric/imperial line ("5¼oz"), for display. */
  alternate: string | null;
  /** "For the sauce:" and the like: not an ingredient. */
  isGroupHeader: boolean;
  /** Why the line could not be read whole; null when it was. */
  problem: string | null;
}

interface Measure {
  value: number;
  /** A range's high end ("14-16oz", "5- to 6-ounce"), else null. */
  value2: number | null;
  unitId: string;
  start: number;
  end: number;
}

interface Quantity {
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

const CONTAINER_WORD =
  /^\s*(?:tins?|cans?|jars?|packets?|packs?|packages?|sachets?|bags?|box(?:es)?|cartons?|envelopes?|pots?|tubs?|bottles?|punnets?|latas?|embalage(?:m|ns)|pacotes?|frascos?|saquetas?)(?![\p{L}])\.?/u;

/** "3kg piece of pork belly": the piece is how it is sold, not the food. */
const PIECE_OF = /^\s*(?:pieces?\s+of|piece|joint\s+of|pedaço\s+de)\s+/;

const NO_AMOUNT_LEAD = /^(?:a\s+little|a\s+few|few|a\s+bit\s+of|some|a\s+drop\s+of|several)\s+/;

/** "about 250ml", "approx. 2 cups": the amount follows. */
const APPROXIMATELY =
  /^~\s*(?=\d)|^(?:about|approx\.?|approximately|roughly|around|aprox\.?|cerca\s+de|aproximadamente)\s+(?=[\d.½¼¾⅓⅔]|one|two|half|a\s)|^at\s+least\s+(?=\d)|^(?:a\s+)?(?:scant|heaping|heaped|generous|good|rounded|level|levelled|leveled|full|up\s+to|(?:(?:lightly|loosely|firmly|tightly)\s+)?packed)\s+(?=\d)/;

/** A length before a count unit: "1-inch piece", "5cm/2in piece", "2.5cm (1in) piece". */
const LENGTH =
  /^\s*\d+(?:[.,]\d+)?(?:\s+\d+\/\d+|\/\d+)?\s*-?\s*(?:inch(?:es)?|in\.?|cm|mm)(?![\p{L}])(?:\s*(?:\/\s*|\(\s*)\d+(?:[.,]\d+)?(?:\s+\d+\/\d+|\/\d+)?\s*-?\s*(?:inch(?:es)?|in\.?|cm|mm)\s*\)?)?/u;

const JUICE_OF =
  /^(?:(?:freshly\s+|finely\s+)?grated\s+|(?:freshly\s+|fresh\s+)?squeezed\s+|strained\s+)?(?:zest|juice|rind|peel|leaves|kernels|seeds|yolks?|whites?)(?:\s+and\s+(?:\p{L}+\s+)?(?:zest|juice|rind|peel))?(?:\s+(?:cut|picked|scraped|stripped))?\s+(?:of|from)\s+(?=[\d.]|(?:one|two|three|four|half|a|an)\s)|^(?:sumo|raspa)(?:\s+e\s+(?:sumo|raspa))?\s+de\s+(?=\d|um\s|uma\s|meio\s|meia\s)/u;

const GROUP_HEADER = /^(?:for|para)\b[^\d]*:$|^[^\d]{2,40}:$/i;

/** The line in one written form: fractions spelt out, dashes and spaces plain, list bullets gone. */
const normalizeLine = (line: string): string =>
  spellOutFractions(line.normalize("NFC"))
    .replace(/[\u00a0\u2009\u202f]/g, " ")
    .replace(/[–—‒]/g, "-")
    .replace(/^\s*(?:[-*•·▪]\s+)/, "")
    // "Optional: 1 tsp cornstarch": the label is not the food.
    .replace(/^\s*optional\s*:\s*/i, "")
    .replace(/\s+/g, " ")
    .trim();

/** The spellings by their first character, longest first, so a line is not tried against every unit. */
const SPELLINGS_BY_FIRST_CHAR = new Map<string, typeof UNIT_SPELLINGS>();
for (const entry of UNIT_SPELLINGS) {
  const first = entry.spelling.charAt(0);
  SPELLINGS_BY_FIRST_CHAR.set(first, [...(SPELLINGS_BY_FIRST_CHAR.get(first) ?? []), entry]);
}

/** The unit whose spelling starts at `start`, longest spelling first, ending at a word boundary. */
const unitAt = (lower: string, original: string, start: number): { unitId: string; end: number } | null => {
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
const unitWithModifiersAt = (
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

const skipSpaces = (text: string, position: number): number =>
  position + (/^\s*/.exec(text.slice(position))?.[0].length ?? 0);

/** "-", "to", "- to": between a range's two ends ("14-16oz", "5- to 6-ounce"). */
const RANGE_SEPARATOR = /^\s*(?:-\s*to|-|to)\s*/;

/**
 * A number and unit ("400g", "14.5 ounce", "8-ounce", "1lb 2oz", "14-16oz", "5- to 6-ounce"): the size of
 * a can, one side of a dual.
 */
const measureAt = (lower: string, original: string, start: number, locale: RecipeLocale): Measure | null => {
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
const quantityAt = (lower: string, start: number): Quantity | null => {
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

interface Amount {
  unitText: string | null;
  /** Null for "a few sprigs": a unit without a number. */
  quantity: number | null;
  quantity2: number | null;
  unitId: string | null;
  alternate: string | null;
  inContainer: boolean;
  end: number;
}

const isMetric = (unitId: string): boolean => METRIC_UNIT_IDS.has(unitId);

/** A range of sizes times a count: "2 (4½- to 5-pound) ducks" is 9 to 10 pounds. */
const perPiece = (count: number, sizeHigh: number | null): number | null =>
  sizeHigh === null ? null : count * sizeHigh;

/** A size and, when "/" follows, its other notation: the metric of the two ("14 oz/397g" → 397 g). */
const metricOf = (
  size: Measure | null,
  lower: string,
  original: string,
  locale: RecipeLocale,
): Measure | null => {
  if (size === null) return null;
  const slash = /^\s*\/\s*/.exec(lower.slice(size.end));
  const other = slash === null ? null : measureAt(lower, original, size.end + slash[0].length, locale);
  if (other === null) return size;
  return !isMetric(size.unitId) && isMetric(other.unitId)
    ? { ...other, start: size.start }
    : { ...size, end: other.end };
};

/** "2 oz (56g)": the metric in parentheses right after a size, in place of it. */
const parenthesisedMetricAfter = (
  size: Measure,
  lower: string,
  original: string,
  locale: RecipeLocale,
): Measure | null => {
  const open = /^\s*\(\s*/.exec(lower.slice(size.end));
  if (open === null) return null;
  const metric = measureAt(lower, original, size.end + open[0].length, locale);
  const close = metric === null ? null : /^\s*\)/.exec(lower.slice(metric.end));
  if (metric === null || close === null || !isMetric(metric.unitId)) return null;
  return { ...metric, start: size.start, end: metric.end + close[0].length };
};

/** The line an amount is read from: lower case for matching, as written for the text kept. */
interface AmountLine {
  lower: string;
  original: string;
  /** Where the amount starts. */
  start: number;
  locale: RecipeLocale;
}

/** An amount being read: what the cases so far have read, and where the next one starts reading. */
interface AmountDraft {
  quantity: number;
  quantity2: number | null;
  unitId: string | null;
  unitText: string | null;
  alternate: string | null;
  inContainer: boolean;
  position: number;
}

const restOf = (line: AmountLine, draft: AmountDraft): string => line.lower.slice(draft.position);

/**
 * The count that leads an amount: a number or number words ("2", "2-3", "half a"), or one piece of a
 * length ("2.5cm/1in piece fresh ginger", "3cm/¼in root ginger").
 */
const leadingCount = (line: AmountLine): { count: Quantity; isLength: boolean } | null => {
  const leadingLength = LENGTH.exec(line.lower.slice(line.start));
  if (leadingLength !== null) {
    return { count: { value: 1, value2: null, end: line.start + leadingLength[0].length }, isLength: true };
  }
  const count = quantityAt(line.lower, line.start);
  return count === null ? null : { count, isLength: false };
};

/** "2 x 400g tins": the count times the size; "4 x pork loin chops": a count. */
const countTimesSize = (line: AmountLine, draft: AmountDraft, multiplier: string): void => {
  const size = measureAt(line.lower, line.original, draft.position + multiplier.length, line.locale);
  if (size === null) {
    draft.position += multiplier.length;
    return;
  }
  const count = draft.quantity;
  draft.quantity = count * size.value;
  draft.quantity2 =
    draft.quantity2 !== null ? draft.quantity2 * (size.value2 ?? size.value) : perPiece(count, size.value2);
  draft.unitId = size.unitId;
  draft.position = size.end;
  draft.inContainer = true;
};

/** "1 (14.5 ounce) can", "2 (15-ounce) cans": a count of containers of a size. */
const countOfSizedContainers = (line: AmountLine, draft: AmountDraft, open: string): void => {
  const { lower, original, locale } = line;
  const size = metricOf(
    measureAt(lower, original, draft.position + open.length, locale),
    lower,
    original,
    locale,
  );
  const close = size === null ? null : /^\s*(?:each\s*)?\)/.exec(lower.slice(size.end));
  if (size === null || close === null) return;
  draft.quantity2 = perPiece(draft.quantity, size.value2);
  draft.quantity *= size.value;
  draft.unitId = size.unitId;
  draft.position = size.end + close[0].length;
  draft.inContainer = true;
  // "1 (2-pound) head cauliflower": the weight is the amount, the head how it comes.
  const piece = unitWithModifiersAt(lower, original, draft.position);
  if (piece !== null && unitKindOf(piece.unitId) === "count" && !CONTAINER_UNIT_IDS.has(piece.unitId))
    draft.position = piece.end;
};

/**
 * "one 8-ounce package", "2 400g tins", "½ 400g/14oz can", "Six 8-ounce catfish fillets", "One 13- to
 * 14-ounce can", "Two 2 oz (56g) cans": a size between the count and the food is the size of each.
 */
const sizeBetweenCountAndFood = (line: AmountLine, draft: AmountDraft, count: Quantity): void => {
  const { lower, original, locale } = line;
  const measured = /^\s*\d/.test(restOf(line, draft))
    ? metricOf(measureAt(lower, original, draft.position, locale), lower, original, locale)
    : null;
  // "Two 2 oz (56g) cans": the size's metric in parentheses.
  const metricSize = measured === null ? null : parenthesisedMetricAfter(measured, lower, original, locale);
  const size = metricSize ?? measured;
  // "2 14-16oz cans" is a range of sizes; "1 1/2 cups" never gets here (a mixed number is one number).
  if (size === null || count.value2 !== null) return;
  draft.quantity2 = perPiece(draft.quantity, size.value2);
  draft.quantity *= size.value;
  draft.unitId = size.unitId;
  draft.position = size.end;
  draft.inContainer = CONTAINER_WORD.test(lower.slice(size.end));
};

/** "3 large or 4 medium eggs", "2 thick or 5 thin slices ham": the first count; its size is not the food. */
const skipOtherCount = (line: AmountLine, draft: AmountDraft): void => {
  const otherCount =
    /^\s*(?:extra-large|large|lg|medium|md|small|sm|big|thick|thin|[\p{L}]+-size[d]?)\s+or\s+\d+(?:[.,/]\d+)?(?=\s)/u.exec(
      restOf(line, draft),
    );
  if (otherCount !== null) draft.position += otherCount[0].length;
};

/**
 * "1 1-inch piece ginger": the length says which piece, the count how many; "2 8-inch flour tortillas":
 * a length before the food says which, not how much.
 */
const skipLengthBeforeUnit = (
  line: AmountLine,
  draft: AmountDraft,
  count: Quantity,
  countIsLength: boolean,
): void => {
  const length = LENGTH.exec(restOf(line, draft));
  if (length === null) return;
  const afterLength = unitWithModifiersAt(line.lower, line.original, draft.position + length[0].length);
  const lengthOnlyAfterCount = count.value2 === null && !countIsLength;
  if (afterLength !== null || lengthOnlyAfterCount) draft.position += length[0].length;
};

/** "2lb 4oz (1kg)": a compound imperial amount after its first unit, summed in that unit. */
const compoundImperial = (line: AmountLine, draft: AmountDraft, unitId: string): void => {
  const more =
    unitKindOf(unitId) === "count" || isMetric(unitId)
      ? null
      : measureAt(line.lower, line.original, draft.position, line.locale);
  const moreInFirst =
    more === null || more.unitId === unitId || !/^\s+\d/.test(restOf(line, draft))
      ? null
      : convertInLocale(more.value, more.unitId, unitId, line.locale);
  if (more !== null && moreInFirst !== null) {
    draft.quantity += moreInFirst;
    draft.position = more.end;
  }
};

/** "75g-110g": a range with the unit written twice. */
const rangeWithUnitTwice = (line: AmountLine, draft: AmountDraft, unitId: string): void => {
  const rangeEnd = /^\s*(?:-|to)\s*/.exec(restOf(line, draft));
  const high =
    rangeEnd === null || draft.quantity2 !== null
      ? null
      : measureAt(line.lower, line.original, draft.position + rangeEnd[0].length, line.locale);
  if (high !== null && high.unitId === unitId && high.value > draft.quantity) {
    draft.quantity2 = high.value;
    draft.position = high.end;
  }
};

/** "1 chávena e meia": one and a half. */
const andAHalf = (line: AmountLine, draft: AmountDraft): void => {
  const half = /^\s+e\s+(?:meia|meio)(?![\p{L}])/u.exec(restOf(line, draft));
  if (half !== null && draft.quantity2 === null) {
    draft.quantity += 0.5;
    draft.position += half[0].length;
  }
};

/**
 * The unit after a count ("2 cups", "3 heaped tbsp", "8-ounce can"), with what may follow it: a compound
 * imperial amount, the unit written twice in a range, "e meia".
 */
const unitAfterCount = (
  line: AmountLine,
  draft: AmountDraft,
  count: Quantity,
  countIsLength: boolean,
): void => {
  const { lower, original } = line;
  skipLengthBeforeUnit(line, draft, count, countIsLength);
  // "8-ounce can tomato sauce": the amount written as a size.
  const hyphenated =
    lower.charAt(draft.position) === "-" ? unitAt(lower, original, draft.position + 1) : null;
  if (hyphenated !== null && unitKindOf(hyphenated.unitId) !== "count") draft.position++;
  const unit = unitWithModifiersAt(lower, original, draft.position);
  if (unit === null) return;
  draft.unitText = original.slice(draft.position, unit.end).trim();
  draft.unitId = unit.unitId;
  draft.position = unit.end;
  compoundImperial(line, draft, unit.unitId);
  rangeWithUnitTwice(line, draft, unit.unitId);
  andAHalf(line, draft);
};

/**
 * Dual notation: "150g/5¼oz", "4oz (100g)", "1.2 litres/2 pints", "50g 1¾oz butter" (only a space
 * between): the metric amount, the other kept as `alternate`; "10g/¼ fine salt": a notation left
 * unfinished is read past.
 */
const dualNotation = (line: AmountLine, draft: AmountDraft, unitId: string): void => {
  const { lower, original, locale, start } = line;
  const rest = restOf(line, draft);
  const slash = /^\s*\/\s*/.exec(rest);
  const open = /^\s*\(\s*/.exec(rest);
  const spaced = isMetric(unitId) ? /^\s+(?=\d)/.exec(rest) : null;
  const spacedTwin =
    spaced === null ? null : measureAt(lower, original, draft.position + spaced[0].length, locale);
  const other = slash ?? open ?? (spacedTwin !== null && !isMetric(spacedTwin.unitId) ? spaced : null);
  if (other === null) return;
  const second = measureAt(lower, original, draft.position + other[0].length, locale);
  const close = second === null || open === null ? /^/.exec("") : /^\s*\)/.exec(lower.slice(second.end));
  if (second !== null && close !== null && unitKindOf(second.unitId) !== "count") {
    const firstText = original.slice(skipSpaces(lower, start), draft.position).trim();
    const secondText = original.slice(second.start, second.end).trim();
    if (!isMetric(unitId) && isMetric(second.unitId)) {
      draft.alternate = firstText;
      draft.quantity = second.value;
      draft.quantity2 = second.value2;
      draft.unitId = second.unitId;
    } else {
      draft.alternate = secondText;
    }
    draft.position = second.end + close[0].length;
    // "350-450g/12oz-1lb": the other notation's range goes with it.
    const otherRange = /^\s*-\s*/.exec(restOf(line, draft));
    const otherHigh =
      otherRange === null ? null : measureAt(lower, original, draft.position + otherRange[0].length, locale);
    if (otherHigh !== null) draft.position = otherHigh.end;
  } else if (slash !== null) {
    // "10g/¼ fine salt", "10g/ baby capers": a notation left unfinished.
    const dangling = /^\s*\/\s*(?:\d+(?:\s+\d+\/\d+|\/\d+)?(?![\p{L}]))?/u.exec(restOf(line, draft));
    if (dangling !== null) draft.position += dangling[0].length;
  }
};

/**
 * "1/2 cup plus 1 tablespoon": the sum, in the first unit; "1 cup minus 1 tablespoon": the difference;
 * "½ cup (1 stick) plus 2 tablespoons", "1 cup, plus 2 tablespoons": a note before the plus. Not
 * convertible ("1/4 pound plus 4 tablespoons butter"): the first amount stands.
 */
const plusOrMinus = (line: AmountLine, draft: AmountDraft, unitId: string): void => {
  const beforePlus = /^\s*(?:\([^)]*\)\s*|,\s*)(?=(?:plus|\+|minus)\s)/.exec(restOf(line, draft));
  if (beforePlus !== null) draft.position += beforePlus[0].length;
  const plus = /^\s*(?:plus|\+|mais|(minus|menos))\s+/.exec(restOf(line, draft));
  if (plus === null) return;
  const added = measureAt(line.lower, line.original, draft.position + plus[0].length, line.locale);
  if (added === null) return;
  const converted = convertInLocale(added.value, added.unitId, unitId, line.locale);
  if (converted !== null) draft.quantity += plus[1] === undefined ? converted : -converted;
  draft.position = added.end;
};

/** "3 cups or 1 lb leeks": the first amount; "½ cup or so flour", "5 dashes or more of bitters". */
const orOtherAmount = (line: AmountLine, draft: AmountDraft): void => {
  const orOther = /^\s*or\s+/.exec(restOf(line, draft));
  const otherAmount =
    orOther === null
      ? null
      : measureAt(line.lower, line.original, draft.position + orOther[0].length, line.locale);
  if (otherAmount !== null) draft.position = otherAmount.end;
  else if (orOther !== null && /^\s*or\s+(?:so|more|less)(?![\p{L}])/u.test(restOf(line, draft)))
    draft.position += /^\s*or\s+\p{L}+/u.exec(restOf(line, draft))?.[0].length ?? 0;
};

/** "400g tin", "7g sachet": the container the amount comes in; "3kg piece of pork belly": the piece. */
const containerOrPiece = (line: AmountLine, draft: AmountDraft): void => {
  const container = CONTAINER_WORD.exec(restOf(line, draft));
  if (container !== null) {
    draft.position += container[0].length;
    draft.inContainer = true;
  }
  const piece = PIECE_OF.exec(restOf(line, draft));
  if (piece !== null) draft.position += piece[0].length;
};

/**
 * "1 stick (113g) butter", "1 package (8 oz) cream cheese", "large bunch (approximately 100g)": the metric
 * or size in parentheses after a count unit. A container's size is per container; a stick's or cup's
 * metric is the whole amount.
 */
const sizeInParentheses = (line: AmountLine, draft: AmountDraft, unitId: string): void => {
  const { lower, original, locale, start } = line;
  const approximately = /^\s*\(\s*(?:(?:about|approximately|approx\.?|roughly|around)\s+)?/.exec(
    restOf(line, draft),
  );
  const size = metricOf(
    measureAt(lower, original, draft.position + (approximately?.[0].length ?? 2), locale),
    lower,
    original,
    locale,
  );
  const close = size === null ? null : /^\s*(?:each\s*)?\)/.exec(lower.slice(size.end));
  if (size === null || close === null) return;
  draft.alternate = original.slice(skipSpaces(lower, start), draft.position).trim();
  const container = CONTAINER_UNIT_IDS.has(unitId);
  draft.quantity = container ? draft.quantity * size.value : size.value;
  draft.quantity2 = null;
  draft.unitId = size.unitId;
  draft.position = size.end + close[0].length;
  draft.inContainer = container;
};

/** "2 cups of flour", "200 g de farinha", "half of": the word between the amount and the food. */
const connectorAfterAmount = (line: AmountLine, draft: AmountDraft, count: Quantity): void => {
  const connector = /^\s*(?:of|de|do|da|dos|das)\s+/.exec(restOf(line, draft));
  if (
    connector !== null &&
    (draft.unitId !== null ||
      count.value !== Math.trunc(count.value) ||
      /^\s*\p{L}/u.test(line.lower.slice(line.start)))
  ) {
    draft.position += connector[0].length;
  }
};

/**
 * The amount that leads a line (after `start`), or null when none does: a leading count, then the size
 * after it (times a size, a count of sized containers, a size before the food) or its unit, then what
 * follows a measure (dual notation, plus or minus, "or" another, a container) or a count unit (a size in
 * parentheses), then "of".
 */
const amountAt = (lower: string, original: string, start: number, locale: RecipeLocale): Amount | null => {
  const line: AmountLine = { lower, original, start, locale };
  const leading = leadingCount(line);
  if (leading === null) return null;
  const { count, isLength } = leading;
  const draft: AmountDraft = {
    quantity: count.value,
    quantity2: count.value2,
    unitId: null,
    unitText: null,
    alternate: null,
    inContainer: false,
    position: count.end,
  };

  const multiplier = /^\s*[x×]\s*/.exec(restOf(line, draft));
  const parenthesised = /^\s*\(\s*/.exec(restOf(line, draft));
  if (multiplier !== null) countTimesSize(line, draft, multiplier[0]);
  else if (parenthesised !== null) countOfSizedContainers(line, draft, parenthesised[0]);
  else sizeBetweenCountAndFood(line, draft, count);

  if (draft.unitId === null) {
    skipOtherCount(line, draft);
    unitAfterCount(line, draft, count, isLength);
  }

  const unitId = draft.unitId;
  if (unitId !== null && unitKindOf(unitId) !== "count") {
    dualNotation(line, draft, unitId);
    const measured = draft.unitId ?? unitId;
    plusOrMinus(line, draft, measured);
    orOtherAmount(line, draft);
    containerOrPiece(line, draft);
  } else if (unitId !== null && restOf(line, draft).startsWith(" (")) {
    sizeInParentheses(line, draft, unitId);
  }
  connectorAfterAmount(line, draft, count);
  const { position, ...amount } = draft;
  return { ...amount, end: position };
};

/** "pinch of salt", "handful of rocket": a unit without a number is one of it. */
const unitLedAmount = (
  lower: string,
  original: string,
  start: number,
  quantity: number | null,
  anyUnit = false,
): Amount | null => {
  const unit = unitWithModifiersAt(lower, original, start);
  if (unit === null || (!anyUnit && !INGREDIENT_COUNT_ONLY.has(unit.unitId))) return null;
  const connector = /^\s+(?:of|de)\s+|^\s+/.exec(lower.slice(unit.end));
  if (connector === null) return null;
  return {
    quantity,
    quantity2: null,
    unitId: unit.unitId,
    unitText: original.slice(start, unit.end).trim(),
    alternate: null,
    inContainer: false,
    end: unit.end + connector[0].length,
  };
};

/** Units a line may start with, meaning one of them ("pinch of salt"). */
const INGREDIENT_COUNT_ONLY = new Set([
  "pinch",
  "handful",
  "knob",
  "dash",
  "splash",
  "bunch",
  "sprig",
  "drizzle",
  "glug",
  "piece",
  "package",
  "sheet",
  "slice",
  "clove",
  "head",
  "stalk",
]);

/** "1 lata de atum (120 g)", "2 cans (15 oz each)": a container's size written after the food. */
const trailingSize = (
  lower: string,
  original: string,
  from: number,
  locale: RecipeLocale,
): Measure | null => {
  const open = lower.indexOf("(", from);
  if (open < 0) return null;
  const size = measureAt(lower, original, open + 1, locale);
  if (size === null || !/^\s*(?:each\s*)?\)/.test(lower.slice(size.end))) return null;
  return size;
};

/**
 * Count units written after the food: "3 garlic cloves", "2 celery stalks", "1 garlic bulb", "3 celery
 * ribs", "4 asparagus spears", "4 gelatine leaves". Leaves count only gelatine (a bay leaf is the product
 * itself); a "celery stick" stays the name British recipes buy it by.
 */
const TRAILING_COUNT_UNIT =
  /^(.+?)\s+(cloves?|stalks?|bulbs?|heads?|sprigs?|ribs?|spears?|slices?|wedges?|(?<=gelatine?\s+)leaf|(?<=gelatine?\s+)leaves|(?<=gelatine?\s+)sheets?)$/;
const BULB_OF_GARLIC = /^garlic$/;
const TRAILING_UNIT_IDS: Readonly<Record<string, string>> = {
  clove: "clove",
  stalk: "stalk",
  bulb: "head",
  sprig: "sprig",
  rib: "rib",
  spear: "spear",
  leaf: "leaf",
  leave: "leaf",
  head: "head",
  sheet: "sheet",
  slice: "slice",
  wedge: "wedge",
};

/**
 * "2 chicken breasts (about 225g/8oz each)", "1 onion (about 150g)", "8 chiles, about 2½ ounces (75 g)":
 * a weight written after counted food, per piece with "each", else in all. Only a weight: a shop sells
 * onions by the piece or the kilo, never by the cup, so "2 zucchini (about 3 cups)" stays 2 zucchini.
 */
const PIECE_WEIGHT_LEAD =
  /\s+(?:about|approximately)\s+|\(\s*(?:each\s+)?(?:(?:about|approximately|approx\.?|roughly|around|at\s+least)\s*)?|,\s*(?:each\s+)?(?:weighing\s+)?(?:(?:about|approximately|approx\.?|roughly|around)\s+)?|\s+weighing\s+(?:(?:about|approximately|approx\.?|roughly|around)\s+)?/g;

const weightOfPieces = (
  lower: string,
  original: string,
  from: number,
  locale: RecipeLocale,
): (Measure & { each: boolean }) | null => {
  const leads = lower.slice(from).matchAll(PIECE_WEIGHT_LEAD);
  for (const lead of leads) {
    const at = from + (lead.index ?? 0) + lead[0].length;
    const weight = metricOf(measureAt(lower, original, at, locale), lower, original, locale);
    if (weight === null || unitKindOf(weight.unitId) !== "mass") continue;
    const metricAfter = parenthesisedMetricAfter(weight, lower, original, locale);
    const size = metricAfter ?? weight;
    const each =
      /\beach\b/.test(lead[0]) || /^\s*(?:each|apiece|per\s+\w+)(?![\p{L}])/u.test(lower.slice(size.end));
    return { ...size, value2: metricAfter === null ? size.value2 : null, each };
  }
  return null;
};

/**
 * "salt, 1 pinch", "Whiskey, 1½ teaspoons", "all-purpose flour 2/3 cup (80 grams)", "parsley, small
 * bunch": the amount written after the food, when it ends the line (a note in parentheses or after a
 * comma may follow).
 */
const amountAfterFood = (
  lower: string,
  original: string,
  start: number,
  locale: RecipeLocale,
): { amount: Amount; foodEnd: number } | null => {
  for (const gap of lower.slice(start).matchAll(/,\s*|\s+(?=\d)/g)) {
    const foodEnd = start + (gap.index ?? 0);
    const at = foodEnd + gap[0].length;
    if (foodEnd === start) continue;
    const counted = amountAt(lower, original, at, locale);
    // "Egg yolks (large), 6": a plain count after a comma, when nothing but a note follows it.
    const plainCount =
      counted !== null && counted.unitId === null && gap[0].startsWith(",") && counted.quantity !== null;
    const amount =
      counted?.unitId != null || plainCount
        ? counted
        : (() => {
            const unit = unitWithModifiersAt(lower, original, at);
            return unit === null || !INGREDIENT_COUNT_ONLY.has(unit.unitId)
              ? null
              : {
                  quantity: 1,
                  quantity2: null,
                  unitId: unit.unitId,
                  unitText: original.slice(at, unit.end).trim(),
                  alternate: null,
                  inContainer: false,
                  end: unit.end,
                };
          })();
    if (amount === null || !/^\s*(?:$|[(,;])/.test(lower.slice(amount.end))) continue;
    return { amount: { ...amount, unitText: null }, foodEnd };
  }
  return null;
};

const unreadable = (line: string, problem: string): IngredientReading => ({
  line,
  quantity: null,
  quantity2: null,
  unitId: null,
  unitText: null,
  name: "",
  alternate: null,
  isGroupHeader: false,
  problem,
});

/**
 * No recipe asks for this much of anything in any unit (the corpus's largest is 1,230 g); a bigger number
 * is a typo or junk, and shopping it would be worse than asking.
 */
export const MAX_AMOUNT = 100_000;

/**
 * Problems with the amount as written, not with reading it: the line is not an amount to shop, so no
 * other reader (the LLM) is asked to guess one.
 */
export const INVALID_AMOUNT_PROBLEMS = {
  negative: "negative amount",
  exponent: "amount in exponent notation",
  tooLarge: `amount too large (over ${MAX_AMOUNT.toLocaleString("en-GB")})`,
} as const;

export const isInvalidAmountProblem = (problem: string | null): boolean =>
  (Object.values(INVALID_AMOUNT_PROBLEMS) as (string | null)[]).includes(problem);

/** "-5 g sugar" (a bullet is "- 5 g", with a space, and is read past) and "1e308 cups flour". */
const NEGATIVE_AMOUNT = /^-\s?(?=[\d.,¼½¾⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞])/;
const EXPONENT_AMOUNT = /^(?:\d+(?:[.,]\d+)?|[.,]\d+)e[+-]?\d+/i;

/**
 * A line whose amount is negative or in exponent notation: not an amount to shop, so no quantity, but
 * the unit and food are read as if the amount were one, so the line still says what it was about.
 */
const unreadableAmount = (
  line: string,
  text: string,
  start: number,
  amountEnd: number,
  problem: string,
  locale: RecipeLocale,
): IngredientReading => {
  const rest = readIngredientLine(`${text.slice(0, start)}1${text.slice(amountEnd)}`, locale);
  return { ...rest, line, quantity: null, quantity2: null, alternate: null, problem };
};

/** Reads one ingredient line in a recipe locale (which sizes cups, pints and spoons for "A plus B"). */
export const readIngredientLine = (rawLine: string, locale: RecipeLocale): IngredientReading => {
  const line = rawLine.trim();
  const text = normalizeLine(line);
  if (text === "") return unreadable(line, "empty line");
  if (GROUP_HEADER.test(text))
    return { ...unreadable(line, "group header"), isGroupHeader: true, problem: null };
  const lower = text.toLowerCase();
  const juiceOf = JUICE_OF.exec(lower);
  const approximately = APPROXIMATELY.exec(lower.slice(juiceOf?.[0].length ?? 0));
  const start = (juiceOf?.[0].length ?? 0) + (approximately?.[0].length ?? 0);
  const negative = NEGATIVE_AMOUNT.exec(lower.slice(start));
  if (negative !== null) {
    const number = readNumberAt(lower, start + negative[0].length);
    const end = number?.end ?? start + negative[0].length;
    return unreadableAmount(line, text, start, end, INVALID_AMOUNT_PROBLEMS.negative, locale);
  }
  const exponent = EXPONENT_AMOUNT.exec(lower.slice(start));
  if (exponent !== null) {
    const end = start + exponent[0].length;
    return unreadableAmount(line, text, start, end, INVALID_AMOUNT_PROBLEMS.exponent, locale);
  }
  const fewOf = NO_AMOUNT_LEAD.exec(lower.slice(start));
  const couple = /^(?:a\s+)?couple\s+(?:of\s+)?/.exec(lower.slice(start));
  const leadingAmount =
    couple !== null
      ? (unitLedAmount(lower, text, start + couple[0].length, 2) ?? {
          quantity: 2,
          quantity2: null,
          unitId: null,
          unitText: null,
          alternate: null,
          inContainer: false,
          end: start + couple[0].length,
        })
      : fewOf !== null
        ? // "a few drops of", "a few ounces of": no number, any unit.
          unitLedAmount(lower, text, start + fewOf[0].length, null, true)
        : (amountAt(lower, text, start, locale) ?? unitLedAmount(lower, text, start, 1));
  const afterFood =
    leadingAmount === null && fewOf === null ? amountAfterFood(lower, text, start, locale) : null;
  const amount = leadingAmount ?? afterFood?.amount ?? null;
  const restStart = leadingAmount?.end ?? start;
  const nameText = afterFood === null ? text.slice(restStart) : text.slice(start, afterFood.foodEnd);
  let name = foodNameOf(nameText, { inContainer: amount?.inContainer ?? false });
  let quantity = amount?.quantity ?? null;
  let quantity2 = amount?.quantity2 ?? null;
  let unitId = amount?.unitId ?? null;
  let alternate = amount?.alternate ?? null;
  const pieceWeight =
    (leadingAmount !== null && unitId === null && quantity !== null) || amount === null
      ? weightOfPieces(lower, text, restStart, locale)
      : null;
  if (pieceWeight !== null && quantity === null) {
    // "Small cabbage (about 1 pound)": the weight is the amount.
    quantity = pieceWeight.value;
    quantity2 = pieceWeight.value2;
    unitId = pieceWeight.unitId;
  } else if (pieceWeight !== null && quantity !== null) {
    // "2 chicken breasts (about 225g each)": the weight to buy; the count stays for display.
    alternate = text.slice(start, restStart).trim() || null;
    const count2 = quantity2;
    quantity2 = pieceWeight.each
      ? (count2 ?? quantity) * (pieceWeight.value2 ?? pieceWeight.value)
      : pieceWeight.value2;
    if (quantity2 === quantity * pieceWeight.value) quantity2 = null;
    quantity = pieceWeight.each ? quantity * pieceWeight.value : pieceWeight.value;
    unitId = pieceWeight.unitId;
  }
  if (amount !== null && unitId !== null && CONTAINER_UNIT_IDS.has(unitId)) {
    const size = trailingSize(lower, text, restStart, locale);
    if (size !== null && quantity !== null) {
      quantity *= size.value;
      unitId = size.unitId;
    }
  }
  if (amount !== null && unitId === null) {
    const trailing = TRAILING_COUNT_UNIT.exec(name);
    const unit = trailing === null ? undefined : TRAILING_UNIT_IDS[(trailing[2] ?? "").replace(/s$/, "")];
    const bulbOfOther = unit === "head" && !BULB_OF_GARLIC.test(trailing?.[1] ?? "");
    if (trailing !== null && unit !== undefined && !bulbOfOther) {
      name = trailing[1] ?? name;
      unitId = unit;
    }
  }
  // "8 cloves", "2 or 3 cloves": the unit word is the food when nothing else is named.
  if (
    name === "" &&
    amount?.unitText != null &&
    unitId === amount.unitId &&
    unitKindOf(unitId ?? "") === "count"
  ) {
    name = foodNameOf(amount.unitText, { inContainer: false });
    unitId = null;
  }
  const problem =
    name === ""
      ? "no food name found"
      : amount === null && /^\d/.test(lower.slice(start))
        ? "amount not understood"
        : Math.max(quantity ?? 0, quantity2 ?? 0) > MAX_AMOUNT || !Number.isFinite(quantity ?? 0)
          ? INVALID_AMOUNT_PROBLEMS.tooLarge
          : null;
  return {
    line,
    quantity,
    quantity2,
    unitId,
    unitText: unitId === (amount?.unitId ?? null) ? (amount?.unitText ?? null) : null,
    name,
    alternate:
      alternate === null ? null : /[¼½¾⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]/.test(line) ? respellFractions(alternate) : alternate,
    isGroupHeader: false,
    problem,
  };
};

/** Number words the reader knows, for documentation and tests. */
export const KNOWN_NUMBER_WORDS: readonly string[] = Object.keys(AMOUNT_WORDS);
