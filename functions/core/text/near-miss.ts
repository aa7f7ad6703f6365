/** Lower case, accents and everything but letters and digits dropped: "Cash-Back" and "cashback" meet. */
export const nearMissKey = (text: string): string =>
  text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");

/** A value's forms a near miss may name: the whole and each part of "A / B" ("Cash Back / Rewards"). */
const formsOf = (value: string): string[] =>
  [value, ...value.split("/")].map(nearMissKey).filter((form) => form.length > 0);

/**
 * The stored (or allowed) value `raw` means, or undefined: the same text, the same letters and digits in
 * any case ("premium", "E-mail" → "Email", "Counter" → "counter", "more expensive" → "more_expensive"),
 * or a part of one "A / B" value ("cash back", "Cashback" → "Cash Back / Rewards"), or a plural/singular
 * of one ("Rewards"/"Reward"). Only one value may fit; two is no match (never a silent pick).
 */
export const matchStoredValue = (raw: string, values: readonly string[]): string | undefined => {
  if (values.includes(raw)) return raw;
  const key = nearMissKey(raw);
  if (!key) return undefined;
  const whole = values.filter((v) => nearMissKey(v) === key);
  if (whole.length === 1) return whole[0];
  const singular = key.replace(/s$/, "");
  const parts = values.filter((v) => formsOf(v).some((f) => f === key || f.replace(/s$/, "") === singular));
  return parts.length === 1 ? parts[0] : undefined;
};
