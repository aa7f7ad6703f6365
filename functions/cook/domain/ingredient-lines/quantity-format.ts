import { METRIC_UNIT_IDS } from "./ingredient-units";

/**
 * Writing scaled quantities the way a cook reads them: "1 1/2" rather than 1.5000001, "0,75" in a line
 * that wrote its decimals with a comma, whole grams rather than 333.333 g.
 */
export interface QuantityStyle {
  /** Write fractions (halves, thirds, quarters, eighths) when the value is close to one. */
  fractions: boolean;
  decimalComma: boolean;
}

const VULGAR_FRACTIONS = "¼½¾⅐⅑⅒⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞";
const FRACTION_DENOMINATORS = [2, 3, 4, 8] as const;
const FRACTION_TOLERANCE = 0.01;

/** Infers how a quantity should be written from how the original was written and its unit. */
export const quantityStyleOf = (originalText: string, unitId: string | null): QuantityStyle => {
  const hasFraction =
    originalText.includes("/") || [...originalText].some((c) => VULGAR_FRACTIONS.includes(c));
  const hasDecimal = originalText.includes(".") || originalText.includes(",");
  const metric = unitId !== null && METRIC_UNIT_IDS.has(unitId);
  return {
    fractions: hasFraction || (!hasDecimal && !metric),
    decimalComma: originalText.includes(",") && !originalText.includes("."),
  };
};

const greatestCommonDivisor = (a: number, b: number): number =>
  b === 0 ? a : greatestCommonDivisor(b, a % b);

const asFraction = (value: number): string | null => {
  const whole = Math.floor(value + FRACTION_TOLERANCE);
  const rest = value - whole;
  if (Math.abs(rest) < FRACTION_TOLERANCE) return whole > 0 ? String(whole) : null;
  for (const denominator of FRACTION_DENOMINATORS) {
    const numerator = Math.round(rest * denominator);
    if (
      numerator > 0 &&
      numerator < denominator &&
      Math.abs(rest - numerator / denominator) < FRACTION_TOLERANCE
    ) {
      const divisor = greatestCommonDivisor(numerator, denominator);
      const fraction = `${numerator / divisor}/${denominator / divisor}`;
      return whole > 0 ? `${whole} ${fraction}` : fraction;
    }
  }
  return null;
};

/** Fewer decimals as the value grows: 0.33, 3.3, 333. Trailing zeros dropped. */
const asDecimal = (value: number, decimalComma: boolean): string => {
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  const rounded = Number(value.toFixed(digits));
  const text = rounded === 0 ? String(Number(value.toPrecision(2))) : String(rounded);
  return decimalComma ? text.replace(".", ",") : text;
};

/** Formats a non-negative quantity in the given style. */
export const formatQuantity = (value: number, style: QuantityStyle): string => {
  if (style.fractions) {
    const fraction = asFraction(value);
    if (fraction !== null) return fraction;
  }
  return asDecimal(value, style.decimalComma);
};
