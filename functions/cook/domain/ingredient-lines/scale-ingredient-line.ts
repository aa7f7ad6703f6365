import { readNumberAt, spellOutFractions } from "./ingredient-amount";
import { parseIngredientLine, unitDefinition } from "./ingredient-line";
import { UNIT_SPELLINGS, unitKindOf } from "./ingredient-units";
import { portugueseUnitForAmount } from "./portuguese-units";
import { formatQuantity, quantityStyleOf } from "./quantity-format";

export type ScaleOutcome =
  /** The quantity was multiplied and rewritten in place. */
  | "scaled"
  /** Nothing to scale ("salt to taste", "For the sauce:"). */
  | "no_quantity"
  /** A quantity was read but could not be located in the text ("Juice of 2 lemons"); left as written. */
  | "not_located";

export interface ScaledIngredientLine {
  text: string;
  outcome: ScaleOutcome;
}

/** Range separators as written, most specific first, so "2 – 3" keeps its spaced dash. */
const RANGE_SEPARATORS = [" to ", " or ", " a ", " – ", " — ", " - ", "–", "—", "-"] as const;

const rangeSeparatorOf = (quantityText: string): string =>
  RANGE_SEPARATORS.find((separator) => quantityText.includes(separator)) ?? "-";

/**
 * "1 cup" doubled is "2 cups", "2 cloves" halved "1 clove", "1 colher de sopa" doubled "2 colheres de sopa".
 * Other spellings ("g", "tbsp", "c. sopa") stay.
 */
const adjustUnitNumber = (unitText: string, unitId: string, newQuantity: number): string => {
  const portuguese = portugueseUnitForAmount(unitText, newQuantity);
  if (portuguese !== undefined) return portuguese;
  const unit = unitDefinition(unitId);
  if (!unit) return unitText;
  const written = unitText.toLowerCase();
  if (written === unitId && newQuantity > 1) return unit.plural;
  if (written === unit.plural && written !== unitId && newQuantity <= 1) return unitId;
  return unitText;
};

const MEASURE_UNIT_BY_SPELLING = new Map(
  UNIT_SPELLINGS.filter(({ unitId }) => unitKindOf(unitId) !== "count").map(({ spelling, unitId }) => [
    spelling.toLowerCase(),
    unitId,
  ]),
);

/**
 * The other notation of a dual amount, right after the scaled one and its unit: "/5¼oz" in "150g/5¼oz",
 * " (100g)" in "4oz (100g)", "/2 pints" in "1.2 litres/2 pints". Its number is scaled too, so the two
 * notations still agree.
 */
const TWIN =
  /^(\s*\/\s*|\s*\(\s*)(\d+(?:[.,]\d+)?(?:\s+\d+\/\d+|\/\d+)?[¼½¾⅓⅔⅛⅜⅝⅞]?|[¼½¾⅓⅔⅛⅜⅝⅞])(\s*-?\s*)([\p{L}]+(?:\.|\s+oz)?)/u;

const scaleTwin = (rest: string, factor: number): string => {
  const match = TWIN.exec(rest);
  if (match === null) return rest;
  const [whole, lead = "", number = "", gap = "", unitText = ""] = match;
  const unitId = MEASURE_UNIT_BY_SPELLING.get(unitText.toLowerCase().replace(/\.$/, ""));
  const value = readNumberAt(spellOutFractions(number), 0)?.value;
  if (unitId === undefined || value === undefined) return rest;
  const scaled = formatQuantity(value * factor, quantityStyleOf(number, unitId));
  const unit = adjustUnitNumber(unitText, unitId, value * factor);
  return `${lead}${scaled}${gap}${unit}${rest.slice(whole.length)}`;
};

/**
 * Multiplies the quantity of one raw ingredient line by `factor`, keeping everything else as written:
 * "1 1/2 cups milk" × 2 → "3 cups milk", "1,5 kg batatas" × 2 → "3 kg batatas", "2-3 tomatoes" × 2 →
 * "4-6 tomatoes", "½ tsp salt" × 3 → "1 1/2 tsp salt". Lines without a quantity are returned unchanged.
 */
export const scaleIngredientLine = (rawLine: string, factor: number): ScaledIngredientLine => {
  const parsed = parseIngredientLine(rawLine);
  if (parsed.quantity === null || parsed.isGroupHeader) return { text: rawLine, outcome: "no_quantity" };
  const span = parsed.quantitySpan;
  if (span === null) return { text: rawLine, outcome: "not_located" };

  const style = quantityStyleOf(span.text, parsed.unitId);
  const low = parsed.quantity * factor;
  const high = parsed.quantity2 === null ? null : parsed.quantity2 * factor;
  const quantityText =
    high === null
      ? formatQuantity(low, style)
      : `${formatQuantity(low, style)}${rangeSeparatorOf(span.text)}${formatQuantity(high, style)}`;

  let rest = parsed.line.slice(span.end);
  if (parsed.unitId !== null && parsed.unitText !== null && span.start === 0) {
    const unitAt = rest.toLowerCase().indexOf(parsed.unitText.toLowerCase());
    if (unitAt >= 0 && rest.slice(0, unitAt).trim() === "") {
      const unit = adjustUnitNumber(parsed.unitText, parsed.unitId, high ?? low);
      const unitEnd = unitAt + parsed.unitText.length;
      rest = rest.slice(0, unitAt) + unit + scaleTwin(rest.slice(unitEnd), factor);
    }
  } else if (parsed.unitId === null && span.start === 0) {
    // parse-ingredient reads no unit in "150g/5¼oz" or "1.2 litres/2 pints"; the reader's spellings do.
    const written = /^\s*([\p{L}]+(?:\s+oz)?)\.?/u.exec(rest);
    if (written !== null && MEASURE_UNIT_BY_SPELLING.has((written[1] ?? "").toLowerCase()))
      rest = written[0] + scaleTwin(rest.slice(written[0].length), factor);
  }
  return { text: parsed.line.slice(0, span.start) + quantityText + rest, outcome: "scaled" };
};
