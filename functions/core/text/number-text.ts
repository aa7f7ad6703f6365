/**
 * Numbers a model wrote as text ("$4.20", "4,20 €", "10,000 units", "100 000 ₽", "85%"), read only where
 * the reading is certain. "4,200" is 4.2 to a Portuguese writer and 4200 to an American one, so a price
 * written that way is no number here (the caller asks again); for a count it can only be 4200.
 */
export interface NumberTextOptions {
  /** A count: a single separator before exactly three digits is a thousands separator ("10,000", "10.000"). */
  integer?: boolean;
}

/** One number in the text, with anything around it that is not a digit (a currency, a unit). */
const NUMBER_TOKEN = /\d[\d.,'\u00a0\u202f ]*\d|\d/g;

const GROUPED = /^\d{1,3}([.,'\u00a0\u202f ]\d{3})+$/;

const readToken = (token: string, options: NumberTextOptions): number | undefined => {
  const spaced = /[\u00a0\u202f ']/.test(token);
  const bare = token.replace(/[\u00a0\u202f ']/g, "");
  if (spaced && !GROUPED.test(token.replace(/[.,](\d{1,2})$/, ""))) return undefined;
  const dots = bare.split(".").length - 1;
  const commas = bare.split(",").length - 1;
  if (dots === 0 && commas === 0) return Number(bare);
  if (dots > 0 && commas > 0) {
    // Both: the last one is the decimal mark ("1.250,00", "1,250.00"), the other groups thousands.
    const decimal = bare.lastIndexOf(".") > bare.lastIndexOf(",") ? "." : ",";
    const [whole = "", fraction = ""] = [
      bare.slice(0, bare.lastIndexOf(decimal)),
      bare.slice(bare.lastIndexOf(decimal) + 1),
    ];
    if (!GROUPED.test(whole) || fraction.includes(".") || fraction.includes(",")) return undefined;
    return Number(`${whole.replace(/[.,]/g, "")}.${fraction}`);
  }
  const mark = dots > 0 ? "." : ",";
  const parts = bare.split(mark);
  if (parts.length > 2) return GROUPED.test(bare) ? Number(parts.join("")) : undefined;
  const [whole = "", fraction = ""] = parts;
  if (fraction.length !== 3 || whole === "0") return Number(`${whole}.${fraction}`);
  // "4,200" / "4.200": thousands for a count; a price could be either, so none.
  return options.integer ? Number(`${whole}${fraction}`) : undefined;
};

/** A multiplier word or suffix right after the figure (English, Portuguese, Russian). */
const MULTIPLIER_AFTER =
  /^\s*(?:k|m|mm|mn|mln|b|bn|thousands?|millions?|billions?|mil|milh(?:ão|ões|ao|oes)|mil milh(?:ão|ões)|тыс\.?|тысяч[аи]?|млн\.?|миллион(?:а|ов)?|млрд\.?)(?![\p{L}])/iu;

/** The number `text` states, or undefined when it states none, several, or one that could be read two ways. */
export const numberFromText = (text: string, options: NumberTextOptions = {}): number | undefined => {
  const tokens = text.match(NUMBER_TOKEN) ?? [];
  if (tokens.length !== 1) return undefined;
  const [token = ""] = tokens;
  const rest = text.replace(token, "");
  // A sign, a range ("2-3"), a second figure spelled out or a fraction mark make the reading uncertain.
  if (/[-+/]/.test(rest)) return undefined;
  // "10k", "50 тыс.", "5 million", "2 mil": the figure is a multiple; read without it, it would be wrong.
  if (MULTIPLIER_AFTER.test(text.slice(text.indexOf(token) + token.length))) return undefined;
  const value = readToken(token.trim(), options);
  if (value === undefined || !Number.isFinite(value)) return undefined;
  if (options.integer && !Number.isInteger(value)) return undefined;
  return value;
};
