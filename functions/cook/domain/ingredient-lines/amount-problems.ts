/** Amounts that are written but not to be shopped: negative, in exponent notation, or too large. */

/**
 * No recipe asks for this much of anything in any unit (the corpus's largest is 1,230 g); a bigger number
 * is a typo or junk, and shopping it would be worse than asking.
 */
export const MAX_AMOUNT = 100_000;

/**
 * Problems with the amount as written, not with reading it: the line is not an amount to shop, so no
 * other reader (the LLM) is asked to guess one.
 */
export const INVALID_AMOUNT_PROBLEMS = {
  negative: "negative amount",
  exponent: "amount in exponent notation",
  tooLarge: `amount too large (over ${MAX_AMOUNT.toLocaleString("en-GB")})`,
} as const;

export const isInvalidAmountProblem = (problem: string | null): boolean =>
  (Object.values(INVALID_AMOUNT_PROBLEMS) as (string | null)[]).includes(problem);

/** "-5 g sugar" (a bullet is "- 5 g", with a space, and is read past) and "1e308 cups flour". */
export const NEGATIVE_AMOUNT = /^-\s?(?=[\d.,¼½¾⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞])/;
export const EXPONENT_AMOUNT = /^(?:\d+(?:[.,]\d+)?|[.,]\d+)e[+-]?\d+/i;
