/** The dimensions a pack is measured in (the store's unit-price `per` values). */
export type UnitOfMeasure = "kg" | "l" | "un" | "dose";

/** The non-breaking spaces pt-PT formatting uses, as plain spaces (the store's page code does the same). */
const normaliseSpaces = (text: string): string => text.replace(/[\u00a0\u202f\u2009 ]/g, " ");

/**
 * What a pack holds in total, per dimension: `6x1l` holds 6 l, `10un 350g` holds 10 un and 0.35 kg,
 * `dúzia` holds 12 un. `text` is the size as the site wrote it (the seed's candidate `size`).
 */
export interface PackSize {
  text: string;
  packCount: number;
  totals: Partial<Record<UnitOfMeasure, number>>;
}

/** Unit spellings seen in Auchan.pt names and pack-size attributes, with their factor to the base unit. */
const UNIT_SPELLINGS: Record<string, { per: UnitOfMeasure; factor: number }> = {
  kg: { per: "kg", factor: 1 },
  kgs: { per: "kg", factor: 1 },
  g: { per: "kg", factor: 0.001 },
  gr: { per: "kg", factor: 0.001 },
  grs: { per: "kg", factor: 0.001 },
  l: { per: "l", factor: 1 },
  lt: { per: "l", factor: 1 },
  lts: { per: "l", factor: 1 },
  ml: { per: "l", factor: 0.001 },
  cl: { per: "l", factor: 0.01 },
  dl: { per: "l", factor: 0.1 },
  un: { per: "un", factor: 1 },
  unid: { per: "un", factor: 1 },
  unids: { per: "un", factor: 1 },
  unidades: { per: "un", factor: 1 },
  uds: { per: "un", factor: 1 },
  rolos: { per: "un", factor: 1 },
  cápsulas: { per: "un", factor: 1 },
  capsulas: { per: "un", factor: 1 },
  saquetas: { per: "un", factor: 1 },
  fraldas: { per: "un", factor: 1 },
  pastilhas: { per: "un", factor: 1 },
  toalhitas: { per: "un", factor: 1 },
  dz: { per: "un", factor: 12 },
  dúzia: { per: "un", factor: 12 },
  dúzias: { per: "un", factor: 12 },
  duzia: { per: "un", factor: 12 },
  dose: { per: "dose", factor: 1 },
  doses: { per: "dose", factor: 1 },
};

const UNIT_ALTERNATION = Object.keys(UNIT_SPELLINGS)
  .sort((a, b) => b.length - a.length)
  .join("|");
const NUMBER = String.raw`\d+(?:[.,]\d+)?`;
// A number not glued to a preceding letter or digit ("7up" is a brand, not 7 units), an optional
// "<count> x" multipack prefix, and a unit that ends the word.
const SIZE_PATTERN = new RegExp(
  String.raw`(?<![\p{L}\d.,])(?:(\d+)\s*x\s*)?(${NUMBER})\s*(${UNIT_ALTERNATION})(?![\p{L}\d])`,
  "giu",
);
// "dúzia" / "meia dúzia" without a number.
const DOZEN_PATTERN = /(?<![\p{L}\d])(meia\s+)?(dúzia|duzia|dz)(?![\p{L}])/iu;

const toNumber = (text: string): number => Number(text.replace(",", "."));

/**
 * Finds the pack size in a product name or pack-size text: `1L`, `3 L`, `500ML`, `33CL`, `1,5KG`,
 * `250GR`, `6X1L`, `4X200ML`, `6X0.50L`, `2X25UN`, `10UN 350G`, `12 UNID`, `DZ`, `dúzia`, `40 doses`.
 * The first mention of each dimension counts (names repeat sizes rarely; `10un 350g` names two
 * dimensions). Returns null when the text names no size, e.g. items sold by weight (`... kg`).
 */
export const parsePackSize = (text: string): PackSize | null => {
  const normalised = normaliseSpaces(text);
  const totals: Partial<Record<UnitOfMeasure, number>> = {};
  const pieces: string[] = [];
  let packCount = 1;
  for (const match of normalised.matchAll(SIZE_PATTERN)) {
    const [whole, countText, amountText = "", unitText = ""] = match;
    const unit = UNIT_SPELLINGS[unitText.toLowerCase()];
    if (!unit || totals[unit.per] !== undefined) continue;
    const count = countText === undefined ? 1 : toNumber(countText);
    const amount = toNumber(amountText);
    if (!(amount > 0) || !(count > 0)) continue;
    totals[unit.per] = roundMeasure(count * amount * unit.factor);
    if (count > 1) packCount = count;
    pieces.push(whole.trim());
  }
  if (totals.un === undefined) {
    const dozen = normalised.match(DOZEN_PATTERN);
    if (dozen) {
      totals.un = dozen[1] ? 6 : 12;
      pieces.push(dozen[0].trim());
    }
  }
  if (pieces.length === 0) return null;
  return { text: pieces.join(" "), packCount, totals };
};

// Floating point noise (6 × 0.33 = 1.9800000000000002) would leak into unit prices.
const roundMeasure = (value: number): number => Math.round(value * 1e6) / 1e6;
