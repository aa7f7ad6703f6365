/**
 * Warnings must never claim a precise time or temperature (seed 001, phase 2): a model that says "bake 25
 * minutes at 180°C" for a variant it never cooked is guessing. These patterns remove numeric durations and
 * temperatures, with the little words that lead into them ("for", "at", "about"), in English and
 * Portuguese.
 */
const NUMBER = String.raw`\d+(?:[.,]\d+)?`;
const RANGE = String.raw`${NUMBER}(?:\s*(?:-|–|—|to|or|a|ou)\s*${NUMBER})?`;
const LEAD_IN = String.raw`(?:(?:for|at|about|around|approximately|approx\.?|roughly|another|further|extra|at least|up to|until|to|durante|por|cerca de|mais|uns|umas|até|a|em)\s+)*`;
const TIME_UNITS = `(?:minutes?|mins?|min|hours?|hrs?|hr|h|seconds?|secs?|minutos?|horas?|segundos?)`;
const TEMPERATURE_UNITS = String.raw`(?:°|º|˚|degrees?|graus?)\s*(?:celsius|fahrenheit|c|f)?|(?:c|f)(?![a-z])`;

const DURATION = new RegExp(String.raw`\b${LEAD_IN}${RANGE}\s*${TIME_UNITS}\b`, "giu");
const TEMPERATURE = new RegExp(String.raw`\b${LEAD_IN}${RANGE}\s*(?:${TEMPERATURE_UNITS})`, "giu");
const GAS_MARK = new RegExp(String.raw`\b${LEAD_IN}gas mark\s*${RANGE}`, "giu");

/** Words left dangling before punctuation or the end once their number is gone ("bake for ."). */
const DANGLING = /\s+(?:for|at|about|around|to|until|of|durante|por|a|em)(?=\s*(?:[,.;:!?)]|$))/giu;

export interface StrippedWarning {
  text: string;
  /** Whether anything was removed. */
  stripped: boolean;
}

export const stripWarningNumbers = (warning: string): StrippedWarning => {
  const text = warning
    .replace(DURATION, " ")
    .replace(TEMPERATURE, " ")
    .replace(GAS_MARK, " ")
    .replace(DANGLING, "")
    .replace(/\(\s*\)/g, "")
    .replace(/\s+([,.;:!?)])/g, "$1")
    .replace(/([,;:])(?=[,.;:!?])/g, "")
    .replace(/\s{2,}/g, " ")
    .replace(/^[\s,.;:]+/, "")
    .trim();
  return { text, stripped: text !== warning.trim() };
};
