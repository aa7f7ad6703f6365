/**
 * Warnings must never claim a precise time or temperature (seed 001, phase 2): a model that says "bake 25
 * minutes at 180°C" for a variant it never cooked is guessing. These patterns remove durations and
 * temperatures, with the little words that lead into them ("for", "at", "about"), in English and
 * Portuguese: in digits ("25 min", "1h30", "5-minute"), in words ("ten minutes", "meia hora"), and in
 * degrees. Other numbers (quantities: "2 tablespoons of oil") are left alone.
 */
const FRACTION_CHARS = "½¼¾⅓⅔⅛";
const NUMBER = String.raw`(?:\d+\s+\d+/\d+|\d+/\d+|\d+(?:[.,]\d+)?[${FRACTION_CHARS}]?|[${FRACTION_CHARS}])`;
const RANGE_SEPARATOR = String.raw`\s*(?:-|–|—|to|or|a|ou)\s*`;
const RANGE = `${NUMBER}(?:${RANGE_SEPARATOR}${NUMBER})?`;
/** A duration said in words is as precise a claim as one in digits ("ten minutes", "vinte minutos"). */
const EN_DIGIT_WORDS = "one|two|three|four|five|six|seven|eight|nine";
const PT_DIGIT_WORDS = "um|uma|dois|duas|três|tres|quatro|cinco|seis|sete|oito|nove";
const NUMBER_WORD = String.raw`(?:(?:twenty|thirty|forty|fifty|sixty)(?:[-\s](?:${EN_DIGIT_WORDS}))?|ten|eleven|twelve|fifteen|ninety|${EN_DIGIT_WORDS}|(?:vinte|trinta|quarenta|cinquenta)(?:\s+e\s+(?:${PT_DIGIT_WORDS}))?|dez|doze|quinze|sessenta|noventa|${PT_DIGIT_WORDS})`;
const WORD_RANGE = `${NUMBER_WORD}(?:${RANGE_SEPARATOR}${NUMBER_WORD})?`;
const LEAD_IN = String.raw`(?:(?:for|at|about|around|approximately|approx\.?|roughly|another|further|extra|at least|up to|until|to|of|durante|por|cerca de|mais|uns|umas|até|a|em)\s+)*`;
const TIME_UNITS = `(?:minutes?|mins?|min|m|hours?|hrs?|hr|h|seconds?|secs?|sec|s|minutos?|horas?|segundos?)`;
/** An abbreviation's full stop goes with it when the sentence goes on ("2 hrs. or overnight"). */
const ABBREVIATION_STOP = String.raw`(?:\.(?=\s*[,;:]|\s+\p{Ll}))?`;
/** "1h30", "1 h 30 min": hours and minutes run together. */
const HOURS_AND_MINUTES = String.raw`\d+\s?h\s?\d{1,2}(?:\s?(?:min|m)(?![\p{L}]))?`;
const DURATION_PHRASES = String.raw`(?:half an hour|an hour and a half|an hour|(?:uma\s+)?hora e meia|meia hora|meia-hora)`;
/** "180 °C", "350 degrees F", "200 graus"; a bare letter only after 2-3 digits ("200C"), not "2 c flour". */
const DEGREES = String.raw`${RANGE}\s*(?:°|º|˚|degrees?|graus?)\s*(?:celsius|fahrenheit|c|f)?(?![a-z])`;
const LETTER_DEGREES = String.raw`\d{2,3}\s?[cf](?![a-z])`;

/** Lookbehind instead of \b, so a leading "½" (not a word character) is matched too. */
const START = String.raw`(?<![\p{L}\d])`;
const DURATION = new RegExp(
  String.raw`${START}${LEAD_IN}(?:${DURATION_PHRASES}(?![\p{L}])|${HOURS_AND_MINUTES}|(?:${RANGE}|${WORD_RANGE})[\s-]*${TIME_UNITS}(?![\p{L}])${ABBREVIATION_STOP}(?:\s+(?:and a half|e meia)(?![\p{L}]))?)`,
  "giu",
);
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
    // "74°C / 165°F" leaves its slash behind.
    .replace(/\s+\/(?=\s|$)/g, "")
    .replace(/\s+([,.;:!?)])/g, "$1")
    .replace(/([,;:])(?=[,.;:!?])/g, "")
    .replace(/\s{2,}/g, " ")
    .replace(/^[\s,.;:]+/, "")
    .trim();
  return { text, stripped: true };
};
