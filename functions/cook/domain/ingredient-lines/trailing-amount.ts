import type { RecipeLocale } from "../recipes/recipe-locale";
import { unitKindOf } from "./ingredient-units";
import { amountAt, INGREDIENT_COUNT_ONLY } from "./leading-amount";
import { type Amount, metricOf, parenthesisedMetricAfter } from "./leading-amount-cases";
import { type Measure, measureAt, unitWithModifiersAt } from "./measure-at";

/**
 * An amount written after the food: a container's size in parentheses, a count unit after the food ("3
 * garlic cloves"), the weight of pieces ("4 chicken thighs (about 600 g)").
 */

/** "1 lata de atum (120 g)", "2 cans (15 oz each)": a container's size written after the food. */
export const trailingSize = (
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
export const TRAILING_COUNT_UNIT =
  /^(.+?)\s+(cloves?|stalks?|bulbs?|heads?|sprigs?|ribs?|spears?|slices?|wedges?|(?<=gelatine?\s+)leaf|(?<=gelatine?\s+)leaves|(?<=gelatine?\s+)sheets?)$/;
export const BULB_OF_GARLIC = /^garlic$/;
export const TRAILING_UNIT_IDS: Readonly<Record<string, string>> = {
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

export const weightOfPieces = (
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
export const amountAfterFood = (
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
