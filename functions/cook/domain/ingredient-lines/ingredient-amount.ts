import { AMOUNT_WORDS } from "./number-words";

/**
 * Numbers as recipes write them: "2", "1.5", "1,5", "1/2", "1 1/2", "1-1/2", "½", "1½", "1 e 1/2", and
 * the words of English and Portuguese recipes ("one", "half", "a dozen", "um", "meia", "duas").
 */

const VULGAR_FRACTIONS: Readonly<Record<string, string>> = {
  "¼": "1/4",
  "½": "1/2",
  "¾": "3/4",
  "⅓": "1/3",
  "⅔": "2/3",
  "⅕": "1/5",
  "⅖": "2/5",
  "⅗": "3/5",
  "⅘": "4/5",
  "⅙": "1/6",
  "⅚": "5/6",
  "⅛": "1/8",
  "⅜": "3/8",
  "⅝": "5/8",
  "⅞": "7/8",
};

/** "1½" → "1 1/2", "½" → "1/2", fraction slash → "/": one written form for every fraction. */
export const spellOutFractions = (text: string): string =>
  text
    .replace(/⁄/g, "/")
    .replace(/(\d)?([¼½¾⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞])/g, (_, whole: string | undefined, fraction: string) =>
      whole === undefined
        ? (VULGAR_FRACTIONS[fraction] ?? fraction)
        : `${whole} ${VULGAR_FRACTIONS[fraction]}`,
    );

/** Back to the vulgar fractions a line was written with: "5 1/4oz" → "5¼oz", for display. */
export const respellFractions = (text: string): string => {
  const symbols = Object.fromEntries(
    Object.entries(VULGAR_FRACTIONS).map(([symbol, spelt]) => [spelt, symbol]),
  );
  return text.replace(
    /(?:(\d) )?(?<!\d)(\d\/\d)(?!\d)/g,
    (whole, digit: string | undefined, fraction: string) => {
      const symbol = symbols[fraction];
      return symbol === undefined ? whole : `${digit ?? ""}${symbol}`;
    },
  );
};

export interface NumberMatch {
  value: number;
  /** Index just past the number in the text. */
  end: number;
}

const NUMERIC = /^(\d+(?:[.,]\d+)?|[.,]\d+)(?:(?:\s+|-)(\d+)\/(\d+)|\/(\d+))?(?![\d/])/;

const toNumber = (digits: string): number => Number(digits.replace(",", "."));

/**
 * The number written at `start` of `text` (lower case, fractions spelt out), or null. Words count only
 * when followed by a space; "a"/"an" are left to the caller, which knows whether a unit follows.
 */
export const readNumberAt = (text: string, start: number): NumberMatch | null => {
  const rest = text.slice(start);
  const numeric = NUMERIC.exec(rest);
  if (numeric !== null) {
    const [whole, first = "", mixedNumerator, mixedDenominator, denominator] = numeric;
    let value = toNumber(first);
    if (denominator !== undefined) {
      if (Number(denominator) === 0) return null;
      value /= Number(denominator);
    } else if (mixedNumerator !== undefined && mixedDenominator !== undefined) {
      const fraction = Number(mixedNumerator) / Number(mixedDenominator);
      // "1-1/2" is a mixed number; "1-2" is a range, read by the caller.
      if (!(fraction > 0 && fraction < 1)) return { value, end: start + first.length };
      value += fraction;
    }
    const end = start + whole.length;
    return withPortugueseHalf(text, { value, end });
  }
  // "a"/"an"/"um"/"uma" are left to the caller: they count as one only before a unit or food.
  const word = /^([\p{L}]+)(?=[\s-])/u.exec(rest)?.[1];
  if (word === undefined) return null;
  const value = AMOUNT_WORDS[word];
  if (value === undefined) return null;
  return withPortugueseHalf(text, { value, end: start + word.length });
};

/** "1 e 1/2", "1 e meia": Portuguese mixed numbers. */
const withPortugueseHalf = (text: string, match: NumberMatch): NumberMatch => {
  const more = /^\s+e\s+(?:(\d+)\/(\d+)|(meia|meio))(?![\p{L}\d])/u.exec(text.slice(match.end));
  if (more === null) return match;
  const fraction = more[3] !== undefined ? 0.5 : Number(more[1]) / Number(more[2]);
  if (!(fraction > 0 && fraction < 1) || !Number.isInteger(match.value)) return match;
  return { value: match.value + fraction, end: match.end + more[0].length };
};
