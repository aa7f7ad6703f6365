import { stripAccents } from "./fold-text";

/** Lower case, no accents, letters and digits only: "Counter-Offer" → "counteroffer". */
const keyOf = (text: string): string =>
  stripAccents(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");

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
 * The allowed value a model meant by `raw`, or undefined: the value itself in another case or spacing
 * ("Accept", "CLARIFY"), or a phrase in which exactly one word names exactly one allowed value
 * ("counter-offer", "Escalate to human", "Extraction Expert", "needs_expert", "Ask for clarification").
 * A phrase naming two values ("accept or counter") or none is no match: never a silent pick.
 */
export const matchAllowedValue = <T extends string>(raw: string, allowed: readonly T[]): T | undefined => {
  const exact = allowed.find((value) => value === raw);
  if (exact !== undefined) return exact;
  const key = keyOf(raw);
  if (!key) return undefined;
  const same = allowed.filter((value) => keyOf(value) === key);
  if (same.length === 1) return same[0];
  const words = wordsOf(raw);
  const named = allowed.filter((value) => words.some((word) => wordNames(word, keyOf(value))));
  return named.length === 1 ? named[0] : undefined;
};
