import { normaliseSpaces, parsePriceToCents } from "./parse-price";
import type { UnitOfMeasure, UnitPrice } from "./unit-price";

/** Unit words after the slash, with how many of the base unit one of them is. */
const UNIT_WORDS: Record<string, { per: UnitOfMeasure; baseUnits: number }> = {
  kg: { per: "kg", baseUnits: 1 },
  kilo: { per: "kg", baseUnits: 1 },
  g: { per: "kg", baseUnits: 0.001 },
  gr: { per: "kg", baseUnits: 0.001 },
  l: { per: "l", baseUnits: 1 },
  lt: { per: "l", baseUnits: 1 },
  litro: { per: "l", baseUnits: 1 },
  ml: { per: "l", baseUnits: 0.001 },
  cl: { per: "l", baseUnits: 0.01 },
  un: { per: "un", baseUnits: 1 },
  unid: { per: "un", baseUnits: 1 },
  unidade: { per: "un", baseUnits: 1 },
  uds: { per: "un", baseUnits: 1 },
  dose: { per: "dose", baseUnits: 1 },
  doses: { per: "dose", baseUnits: 1 },
};

const UNIT_PRICE_PATTERN = /^(.*?)\/\s*(\d+(?:[.,]\d+)?)?\s*([a-z]+)\.?\s*$/iu;

/**
 * Parses the unit price the site shows: `0.86 €/Lt`, `1.99 €/Kg`, `599.99 €/un`, `0.25 €/Dose`,
 * `1,99 € /Kg`, and the rarer `0,45 €/100g` (scaled to €/kg). Returns null for text it cannot read, so
 * the caller falls back to the unit price it computes itself.
 */
export const parseSiteUnitPrice = (text: string): UnitPrice | null => {
  const match = normaliseSpaces(text).trim().match(UNIT_PRICE_PATTERN);
  if (!match) return null;
  const [, amountText = "", quantityText, unitWord = ""] = match;
  const unit = UNIT_WORDS[unitWord.toLowerCase()];
  const amountCents = parsePriceToCents(amountText);
  if (!unit || amountCents === null) return null;
  const quantity = quantityText === undefined ? 1 : Number(quantityText.replace(",", "."));
  if (!(quantity > 0)) return null;
  return { amountCents: Math.round(amountCents / (quantity * unit.baseUnits)), per: unit.per };
};
