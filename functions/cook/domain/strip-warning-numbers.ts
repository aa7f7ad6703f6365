/**
 * Warnings must never claim a precise time or temperature (seed 001, phase 2): a model that says "bake 25
 * minutes at 180°C" for a variant it never cooked is guessing. These patterns remove numeric durations and
 * temperatures, with the little words that lead into them ("for", "at", "about"), in English and
 * Portuguese. Other numbers (quantities: "2 tablespoons of oil") are left alone.
 */
const FRACTION_CHARS = "½¼¾⅓⅔⅛";
const NUMBER = String.raw`(?:\d+\s+\d+/\d+|\d+/\d+|\d+(?:[.,]\d+)?[${FRACTION_CHARS}]?|[${FRACTION_CHARS}])`;
const RANGE = String.raw`${NUMBER}(?:\s*(?:-|–|—|to|or|a|ou)\s*${NUMBER})?`;
const LEAD_IN = String.raw`(?:(?:for|at|about|around|approximately|approx\.?|roughly|another|further|extra|at least|up to|until|to|durante|por|cerca de|mais|uns|umas|até|a|em)\s+)*`;
const TIME_UNITS = `(?:minutes?|mins?|min|hours?|hrs?|hr|h|seconds?|secs?|minutos?|horas?|segundos?)`;
/** "180 °C", "350 degrees F", "200 graus"; a bare letter only after 2-3 digits ("200C"), not "2 c flour". */
const DEGREES = String.raw`${RANGE}\s*(?:°|º|˚|degrees?|graus?)\s*(?:celsius|fahrenheit|c|f)?(?![a-z])`;
const LETTER_DEGREES = String.raw`\d{2,3}\s?[cf](?![a-z])`;

/** Lookbehind instead of \b, so a leading "½" (not a word character) is matched too. */
const START = String.raw`(?<![\p{L}\d])`;
const DURATION = new RegExp(String.raw`${START}${LEAD_IN}${RANGE}\s*${TIME_UNITS}(?![\p{L}])`, "giu");
const TEMPERATURE = new RegExp(`${START}${LEAD_IN}(?:${DEGREES}|${LETTER_DEGREES})`, "giu");
const GAS_MARK = new RegExp(String.raw`${START}${LEAD_IN}gas mark\s*${RANGE}`, "giu");

/** Words left dangling before punctuation or the end once their number is gone ("bake for ."). */
const DANGLING = /\s+(?:for|at|about|around|to|until|of|durante|por|a|em)(?=\s*(?:[,.;:!?)]|$))/giu;

export interface StrippedWarning {
  text: string;
  /** Whether anything was removed. */
  stripped: boolean;
}

export const stripWarningNumbers = (warning: string): StrippedWarning => {
  const removed = warning.replace(DURATION, " ").replace(TEMPERATURE, " ").replace(GAS_MARK, " ");
  if (removed === warning) return { text: warning.trim(), stripped: false };
  const text = removed
    .replace(DANGLING, "")
    .replace(/\(\s*\)/g, "")
    .replace(/\s+([,.;:!?)])/g, "$1")
    .replace(/([,;:])(?=[,.;:!?])/g, "")
    .replace(/\s{2,}/g, " ")
    .replace(/^[\s,.;:]+/, "")
    .trim();
  return { text, stripped: true };
};
