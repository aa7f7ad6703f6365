import { z } from "zod";
import { matchStoredValue, nearMissKey } from "../text/near-miss";

/**
 * Readers for the values a model fills, as real models write them: an enum value in another case or with
 * spaces/hyphens ("Strong", "more expensive"), a fraction as text or as a percentage ("0,85", "85%", 85).
 * Each reads a near miss as the value meant and leaves anything else as sent, so the schema refuses it and
 * the port's one re-ask names the valid values. The JSON schema the model is shown stays the plain one.
 */

/**
 * An enum a model fills: a near miss of one value is that value; `aliases` (keys as nearMissKey writes
 * them) name other words for one ("marcapropria" → "store").
 */
export const modelEnum = <const T extends readonly [string, ...string[]]>(
  values: T,
  aliases: Readonly<Record<string, T[number]>> = {},
) =>
  z.preprocess((raw) => {
    if (typeof raw !== "string") return raw;
    return matchStoredValue(raw.trim(), values) ?? aliases[nearMissKey(raw)] ?? raw;
  }, z.enum(values));

const DECIMAL = /^\d+(?:[.,]\d+)?$/;
/** "4,200" or "1.500": a thousands group or three decimals; never guessed. */
const AMBIGUOUS_GROUP = /^[1-9]\d{0,2}[.,]\d{3}$/;

/**
 * The fraction (0..1) a model meant, or `raw` unchanged when it is no clear fraction: "0,85" and "0.85"
 * → 0.85; "85%", "85 %" and 85 (a whole percentage where a fraction is asked) → 0.85. "4,200", 1.5 and
 * 250 stay as sent (ambiguous or out of range: the schema refuses them).
 */
export const readFraction = (raw: unknown): unknown => {
  let value: number;
  let percent = false;
  if (typeof raw === "number") value = raw;
  else if (typeof raw === "string") {
    let text = raw.trim().replace(/[\s\u00a0\u202f]/g, "");
    if (text.endsWith("%")) {
      percent = true;
      text = text.slice(0, -1);
    }
    if (!DECIMAL.test(text) || AMBIGUOUS_GROUP.test(text)) return raw;
    value = Number(text.replace(",", "."));
  } else return raw;
  if (!Number.isFinite(value)) return raw;
  if (percent) return value <= 100 ? value / 100 : raw;
  if (value > 1 && value <= 100 && Number.isInteger(value)) return value / 100;
  return value;
};

/** A 0..1 score a model fills (see readFraction). */
export const modelFraction = (description = 'a fraction from 0 to 1, as a number: 0.85, not 85 or "85%"') =>
  z.preprocess(readFraction, z.number().min(0).max(1).describe(description));

/**
 * A free-text field the caller can do without (a summary, a reasoning, a category guess): a model's
 * `null` for it is "nothing to say", read as "", not a reason to refuse the whole answer.
 */
export const nullAsEmpty = <S extends z.ZodType>(schema: S) =>
  z.preprocess((raw) => (raw === null ? "" : raw), schema);
