import type { RecipeLocale } from "../recipes/recipe-locale";
import { unitKindOf } from "./ingredient-units";
import {
  type Amount,
  type AmountDraft,
  type AmountLine,
  connectorAfterAmount,
  containerOrPiece,
  countOfSizedContainers,
  countTimesSize,
  dualNotation,
  leadingCount,
  orOtherAmount,
  plusOrMinus,
  restOf,
  sizeBetweenCountAndFood,
  sizeInParentheses,
  skipOtherCount,
  unitAfterCount,
} from "./leading-amount-cases";
import { unitWithModifiersAt } from "./measure-at";

/** The amount that leads an ingredient line, by the named cases of leading-amount-cases.ts. */

/**
 * The amount that leads a line (after `start`), or null when none does: a leading count, then the size
 * after it (times a size, a count of sized containers, a size before the food) or its unit, then what
 * follows a measure (dual notation, plus or minus, "or" another, a container) or a count unit (a size in
 * parentheses), then "of".
 */
export const amountAt = (
  lower: string,
  original: string,
  start: number,
  locale: RecipeLocale,
): Amount | null => {
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
export const unitLedAmount = (
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
export const INGREDIENT_COUNT_ONLY = new Set([
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
