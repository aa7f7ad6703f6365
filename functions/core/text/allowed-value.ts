import { stripAccents } from "./fold-text";

/** Lower case, no accents, letters and digits only: "Counter-Offer" → "counteroffer". */
const keyOf = (text: string): string =>
  stripAccents(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");

/** A value's forms a near miss may name: the whole and each part of "A / B" ("Cash Back / Rewards"). */
const formsOf = (value: string): string[] =>
  [value, ...value.split("/")].map(keyOf).filter((form) => form.length > 0);

/**
 * The stored value `raw` means, or undefined: the same text, the same letters and digits in any case
 * ("premium", "E-mail" → "Email"), or a part of one "A / B" value ("cash back", "Cashback" → "Cash Back /
 * Rewards"), or a plural/singular of one ("Rewards"/"Reward"). Only one stored value may fit; two is no
 * match (never a silent pick).
 */
export const matchStoredValue = (raw: string, values: readonly string[]): string | undefined => {
  if (values.includes(raw)) return raw;
  const key = keyOf(raw);
  if (!key) return undefined;
  const whole = values.filter((v) => keyOf(v) === key);
  if (whole.length === 1) return whole[0];
  const singular = key.replace(/s$/, "");
  const parts = values.filter((v) => formsOf(v).some((f) => f === key || f.replace(/s$/, "") === singular));
  return parts.length === 1 ? parts[0] : undefined;
};

const wordsOf = (text: string): string[] =>
  stripAccents(text)
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);

const commonPrefix = (a: string, b: string): number => {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n += 1;
  return n;
};

/**
 * A word of a model's answer names an allowed value: the same word, one the other begins with ("counter"
 * in "counteroffer", "need" for "needs", "accept" in "acceptance"), or another form of it ("clarification"
 * for "clarify", "escalation" for "escalate": the same stem, all but the last two letters of the shorter).
 */
const wordNames = (word: string, value: string): boolean => {
  if (word === value) return true;
  if (word.length < 4 || value.length < 4) return false;
  if (word.startsWith(value) || value.startsWith(word)) return true;
  const shorter = Math.min(word.length, value.length);
  return shorter >= 6 && commonPrefix(word, value) >= shorter - 2;
};

/**
 * The allowed value a model meant by `raw`, or undefined: a stored value's near miss (matchStoredValue:
 * "Accept", "CLARIFY", "cash back"), or a phrase in which exactly one word names exactly one allowed value
 * ("counter-offer", "Escalate to human", "Extraction Expert", "needs_expert", "Ask for clarification").
 * A phrase naming two values ("accept or counter") or none is no match: never a silent pick.
 */
export const matchAllowedValue = <T extends string>(raw: string, allowed: readonly T[]): T | undefined => {
  const stored = matchStoredValue(raw, allowed);
  if (stored !== undefined) return stored as T;
  if (!keyOf(raw)) return undefined;
  const words = wordsOf(raw);
  const named = allowed.filter((value) => words.some((word) => wordNames(word, keyOf(value))));
  return named.length === 1 ? named[0] : undefined;
};
