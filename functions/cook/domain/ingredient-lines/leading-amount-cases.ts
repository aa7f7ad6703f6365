import type { RecipeLocale } from "../recipes/recipe-locale";
import { CONTAINER_UNIT_IDS, convertInLocale, unitKindOf } from "./ingredient-units";
import {
  CONTAINER_WORD,
  isMetric,
  LENGTH,
  type Measure,
  measureAt,
  PIECE_OF,
  type Quantity,
  quantityAt,
  skipSpaces,
  unitAt,
  unitWithModifiersAt,
} from "./measure-at";

/**
 * The named cases of a line's leading amount (leading-amount.ts runs them in order): each reads one way an
 * amount is written ("2 x 400g tins", "1 (14.5 ounce) can", "150g/5¼oz", "2lb 4oz", "3 cups or 1 lb")
 * into the draft, and moves its position past what it read.
 */

export interface Amount {
  unitText: string | null;
  /** Null for "a few sprigs": a unit without a number. */
  quantity: number | null;
  quantity2: number | null;
  unitId: string | null;
  alternate: string | null;
  inContainer: boolean;
  end: number;
}

/** A range of sizes times a count: "2 (4½- to 5-pound) ducks" is 9 to 10 pounds. */
const perPiece = (count: number, sizeHigh: number | null): number | null =>
  sizeHigh === null ? null : count * sizeHigh;

/** A size and, when "/" follows, its other notation: the metric of the two ("14 oz/397g" → 397 g). */
export const metricOf = (
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
export const parenthesisedMetricAfter = (
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
export interface AmountLine {
  lower: string;
  original: string;
  /** Where the amount starts. */
  start: number;
  locale: RecipeLocale;
}

/** An amount being read: what the cases so far have read, and where the next one starts reading. */
export interface AmountDraft {
  quantity: number;
  quantity2: number | null;
  unitId: string | null;
  unitText: string | null;
  alternate: string | null;
  inContainer: boolean;
  position: number;
}

export const restOf = (line: AmountLine, draft: AmountDraft): string => line.lower.slice(draft.position);

/**
 * The count that leads an amount: a number or number words ("2", "2-3", "half a"), or one piece of a
 * length ("2.5cm/1in piece fresh ginger", "3cm/¼in root ginger").
 */
export const leadingCount = (line: AmountLine): { count: Quantity; isLength: boolean } | null => {
  const leadingLength = LENGTH.exec(line.lower.slice(line.start));
  if (leadingLength !== null) {
    return { count: { value: 1, value2: null, end: line.start + leadingLength[0].length }, isLength: true };
  }
  const count = quantityAt(line.lower, line.start);
  return count === null ? null : { count, isLength: false };
};

/** "2 x 400g tins": the count times the size; "4 x pork loin chops": a count. */
export const countTimesSize = (line: AmountLine, draft: AmountDraft, multiplier: string): void => {
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
export const countOfSizedContainers = (line: AmountLine, draft: AmountDraft, open: string): void => {
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
export const sizeBetweenCountAndFood = (line: AmountLine, draft: AmountDraft, count: Quantity): void => {
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
export const skipOtherCount = (line: AmountLine, draft: AmountDraft): void => {
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
export const unitAfterCount = (
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
export const dualNotation = (line: AmountLine, draft: AmountDraft, unitId: string): void => {
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
export const plusOrMinus = (line: AmountLine, draft: AmountDraft, unitId: string): void => {
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
export const orOtherAmount = (line: AmountLine, draft: AmountDraft): void => {
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
export const containerOrPiece = (line: AmountLine, draft: AmountDraft): void => {
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
export const sizeInParentheses = (line: AmountLine, draft: AmountDraft, unitId: string): void => {
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
export const connectorAfterAmount = (line: AmountLine, draft: AmountDraft, count: Quantity): void => {
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
