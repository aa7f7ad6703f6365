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

/** What may follow a value's stem in another form of it: "offer" (counteroffer), inflections, nouns. */
const FORM_ENDINGS = new Set([
  "",
  "s",
  "es",
  "d",
  "ed",
  "ing",
  "ying",
  "ies",
  "ied",
  "ion",
  "ions",
  "ation",
  "ations",
  "ication",
  "al",
  "ance",
  "ence",
  "ment",
  "offer",
  "offers",
]);

/** The stem a value's other forms share: "escalate" → "escalat", "clarify" → "clarif", "accept" → "accept". */
const stemOf = (value: string): string => value.replace(/[ey]$/, "");

/**
 * A word of a model's answer names an allowed value: the same word, or the value's stem and a known
 * ending ("counteroffer", "needs"/"need", "acceptance", "escalation", "clarification"). A word that only
 * begins like one ("country", "counterproductive") names none.
 */
const wordNames = (word: string, value: string): boolean => {
  if (word === value) return true;
  if (value.length < 4) return false;
  // "need" for "needs": the value is the word and a plural ending.
  if (word.length >= 4 && value.startsWith(word) && FORM_ENDINGS.has(value.slice(word.length))) return true;
  const stem = stemOf(value);
  return word.startsWith(stem) && FORM_ENDINGS.has(word.slice(stem.length));
};

/** Words that turn a phrase against the value it names: "do not escalate", "no counter needed". */
const NEGATIONS = new Set([
  "not",
  "no",
  "never",
  "dont",
  "don",
  "without",
  "nao",
  "nunca",
  "sem",
  "не",
  "нет",
  "без",
]);

/**
 * The allowed value a model meant by `raw`, or undefined: a stored value's near miss (matchStoredValue:
 * "Accept", "CLARIFY", "cash back"), or a phrase in which exactly one word names exactly one allowed value
 * ("counter-offer", "Escalate to human", "Extraction Expert", "needs_expert", "Ask for clarification").
 * A phrase naming two values ("accept or counter"), none, or one under a negation ("do not escalate") is
 * no match: never a silent pick.
 */
export const matchAllowedValue = <T extends string>(raw: string, allowed: readonly T[]): T | undefined => {
  const stored = matchStoredValue(raw, allowed);
  if (stored !== undefined) return stored as T;
  if (!keyOf(raw)) return undefined;
  const words = wordsOf(raw.replace(/['’]t\b/g, " not"));
  if (words.some((word) => NEGATIONS.has(word))) return undefined;
  // A value of several words is named by its whole or its first word: "Replace" is replace_ingredient.
  const names = (value: string) => [keyOf(value), wordsOf(value)[0] ?? ""];
  const named = allowed.filter((value) =>
    words.some((word) => names(value).some((name) => wordNames(word, name))),
  );
  return named.length === 1 ? named[0] : undefined;
};
