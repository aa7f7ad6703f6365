/**
 * pt-PT and machine price texts → integer cents. The site shows `0,86 €` (comma decimal, NBSP or NNBSP
 * before €), `€ 1,99`, `1,99 € /Kg`, `1234,50 €` (four digits are not grouped) and `12 345,67 €`
 * (larger numbers grouped with NBSP); machine fields (`content`, `data-gtm`) carry `0.86`.
 */
const SPACES = /[\u00a0\u202f\u2009 ]/g;
const NUMBER_TOKEN = /\d(?:[\d .,]*\d)?/;

/** Normalises the non-breaking spaces pt-PT formatting uses into plain spaces. */
export const normaliseSpaces = (text: string): string => text.replace(SPACES, " ");

/** A minus (or the typographic U+2212) right before the amount, € allowed between: `-0,86 €`, `€ -0,86`. */
const NEGATIVE_SIGN = /[-\u2212] ?(?:€ ?)?$/;

/**
 * Returns the price in cents, or null when the text holds no number. With both `.` and `,` present the
 * last one is the decimal separator; a lone separator is always decimal (pt-PT never groups with dots
 * below ten thousand, and machine fields use a dot). A minus sign is kept, so a broken page's negative
 * price is refused by the tools' result schemas rather than read as a positive one.
 */
export const parsePriceToCents = (text: string): number | null => {
  const normalised = normaliseSpaces(text);
  const match = normalised.match(NUMBER_TOKEN);
  const token = match?.[0];
  if (token === undefined) return null;
  const sign = NEGATIVE_SIGN.test(normalised.slice(0, match?.index ?? 0)) ? -1 : 1;
  // Spaces inside the token are thousands groups ("12 345,67"); anything else ends the number.
  const groupedBySpace = /^\d{1,3}(?: \d{3})+(?:[.,]\d+)?$/.test(token);
  const compact = groupedBySpace ? token.replace(/ /g, "") : (token.split(" ")[0] ?? token);
  const lastSeparator = Math.max(compact.lastIndexOf(","), compact.lastIndexOf("."));
  const integerPart = lastSeparator < 0 ? compact : compact.slice(0, lastSeparator).replace(/[.,]/g, "");
  const fractionPart = lastSeparator < 0 ? "" : compact.slice(lastSeparator + 1);
  const value = Number(`${integerPart}.${fractionPart || "0"}`);
  if (!Number.isFinite(value)) return null;
  return sign * Math.round(value * 100);
};

/** Cents → euros as a number (the seed's candidate `price` field is in euros). */
export const centsToEuros = (cents: number): number => Math.round(cents) / 100;
