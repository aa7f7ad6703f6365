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

const notOneNumber = (raw: string, options: NumberTextOptions): string =>
  `"${raw}" is not one number that can be read only one way; send a JSON number` +
  (options.integer ? " (a whole number)" : ' with a dot for decimals ("4,200" could be 4.2 or 4200)');

/**
 * A number sent as text is the number it certainly states ("$4.20", "10,000 units"); text that states none,
 * several, or one that reads two ways fails, saying so (a string is never silently taken for a number).
 */
export const modelNumber = <S extends z.ZodType>(
  schema: S,
  options: NumberTextOptions & { read?: (text: string) => number | undefined } = {},
) =>
  z.preprocess((raw, ctx) => {
    if (typeof raw !== "string") return raw;
    const value = options.read ? options.read(raw) : numberFromText(raw, options);
    if (value !== undefined) return value;
    ctx.addIssue({ code: "custom", message: notOneNumber(raw, options), input: raw });
    return z.NEVER;
  }, schema);

/** Days from "10 days", "2 weeks", "14"; months and business days are no certain count of days. */
export const daysFromText = (text: string): number | undefined => {
  if (/month|business|working|weekday|\bm[eê]s(es)?\b/i.test(text)) return undefined;
  const count = numberFromText(text, { integer: true });
  if (count === undefined) return undefined;
  return /week|semana/i.test(text) ? count * 7 : count;
};

const ISO_CURRENCY_CODES = new Set(Intl.supportedValuesOf("currency"));

/** ISO 4217 codes for the signs and names a model may write instead. "$" and "¥" name several currencies. */
const CURRENCY_NAMES: Record<string, string> = {
  "€": "EUR",
  euro: "EUR",
  euros: "EUR",
  "£": "GBP",
  us$: "USD",
  usdollar: "USD",
  usdollars: "USD",
  r$: "BRL",
  c$: "CAD",
  ca$: "CAD",
  a$: "AUD",
  au$: "AUD",
  "₽": "RUB",
  "₹": "INR",
};

/** The ISO 4217 code a model meant ("usd", "US$", "€", "euros"), or undefined when it is not certain. */
export const currencyCodeFromText = (text: string): string | undefined => {
  const trimmed = text.trim();
  if (/^[a-z]{3}$/i.test(trimmed)) {
    // Three letters are a code only when ISO 4217 has it ("usd" yes, "per" no).
    const code = trimmed.toUpperCase();
    return ISO_CURRENCY_CODES.has(code) ? code : undefined;
  }
  return CURRENCY_NAMES[trimmed.toLowerCase().replace(/[\s.]/g, "")];
};

/** A currency code, also from "usd", "US$" or "€"; anything else fails naming the form wanted. */
export const modelCurrency = <S extends z.ZodType>(schema: S) =>
  z.preprocess((raw, ctx) => {
    if (typeof raw !== "string" || /^[A-Z]{3}$/.test(raw)) return raw;
    const code = currencyCodeFromText(raw);
    if (code) return code;
    ctx.addIssue({
      code: "custom",
      message: `"${raw}" is not an ISO 4217 code (USD, EUR, GBP, ...); use null when the currency is not certain`,
      input: raw,
    });
    return z.NEVER;
  }, schema);

/**
 * A 0-1 fraction, also when the model gave a percentage: 85 or "85%" is 0.85 (a fraction is never above
 * 1, so a whole number from 2 to 100, or any number with "%", can only be a percentage). 1.4 without "%"
 * is no certain percentage (a slip on a 0-1 scale?): it stays, and the check refuses it.
 */
export const modelFraction = () =>
  z.preprocess((raw) => {
    const percent = typeof raw === "string" && raw.includes("%");
    const value = typeof raw === "string" ? (numberFromText(raw.replace("%", "")) ?? raw) : raw;
    if (typeof value !== "number") return raw;
    if (value <= 1) return value;
    return value <= 100 && (percent || Number.isInteger(value)) ? value / 100 : value;
  }, z.number().min(0).max(1));

/** A text field a model sent as a list of lines (joined one a line) or as null (empty). */
export const modelText = <S extends z.ZodType>(schema: S) =>
  z.preprocess((raw) => {
    if (raw === null || raw === undefined) return "";
    if (Array.isArray(raw) && raw.every((line) => typeof line === "string")) return raw.join("\n");
    return raw;
  }, schema);

/** "1. What is…?", "- What…", "• What…": a line's list marker. */
const LIST_MARKER = /^\s*(?:[-*•]|\(?\d{1,2}[.)])\s+/;

/**
 * A list a model sent as one text: its lines without their list markers ("1. What is your price?\n2. …"),
 * or, when `commas` and it is one line, its comma-separated parts ("unitPrice, leadTimeDays").
 */
export const modelList = <S extends z.ZodType>(schema: S, options: { commas?: boolean } = {}) =>
  z.preprocess((raw) => {
    if (raw === null) return [];
    if (typeof raw !== "string") return raw;
    const lines = raw.split(/\r?\n/);
    const parts = lines.length === 1 && options.commas ? raw.split(/[,;]/) : lines;
    return parts.map((part) => part.replace(LIST_MARKER, "").trim()).filter((part) => part.length > 0);
  }, schema);
