import { z } from "zod";
import { matchAllowedValue } from "./allowed-value";
import { type NumberTextOptions, numberFromText } from "./number-text";

/**
 * Schema parts for what a model fills, reading a near miss as the value it means before the strict check.
 * A zod preprocess keeps the tool's JSON schema the strict one (an enum still lists its values, a number is
 * still a number), so the model is told exactly what is allowed; what it cannot be read as stays as sent,
 * and the check fails with a message naming the valid values, for the port's one re-ask.
 */

/** Words a model writes for "no value" in a nullable field. */
const NO_VALUE = new Set(["", "none", "null", "n/a", "na", "nil", "-"]);

/** One of `values`, read from "Accept", "counter-offer", "Extraction Expert". */
export const modelEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (raw) => (typeof raw === "string" ? (matchAllowedValue(raw.trim(), values) ?? raw) : raw),
    z.enum(values, { error: () => `must be one of ${values.join(", ")}` }),
  );

/** One of `values` or null; "none" or "N/A" (when not itself a value) is null. */
export const modelNullableEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (raw) =>
      typeof raw === "string" && NO_VALUE.has(raw.trim().toLowerCase()) && !values.includes(raw.trim())
        ? null
        : raw,
    modelEnum(values).nullable(),
  );

/** A number sent as text is the number it certainly states ("$4.20", "10,000 units"); otherwise as sent. */
export const modelNumber = <S extends z.ZodType>(schema: S, options: NumberTextOptions = {}) =>
  z.preprocess((raw) => (typeof raw === "string" ? (numberFromText(raw, options) ?? raw) : raw), schema);

/**
 * A 0-1 fraction, also when the model gave a percentage: 85 or "85%" is 0.85 (a fraction is never above
 * 1, so a number from 1 to 100 that is not 1 itself can only be a percentage).
 */
export const modelFraction = () =>
  z.preprocess((raw) => {
    const value = typeof raw === "string" ? numberFromText(raw) : raw;
    if (typeof value !== "number") return raw;
    return value > 1 && value <= 100 ? value / 100 : value;
  }, z.number().min(0).max(1));

/** A text field a model sent as a list of lines (joined one a line) or as null (empty). */
export const modelText = <S extends z.ZodType>(schema: S) =>
  z.preprocess((raw) => {
    if (raw === null || raw === undefined) return "";
    if (Array.isArray(raw) && raw.every((line) => typeof line === "string")) return raw.join("\n");
    return raw;
  }, schema);
