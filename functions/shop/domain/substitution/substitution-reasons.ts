import { escapeRegExp } from "../../../core/text/escape-reg-exp";
import { foldText } from "../../../core/text/fold-text";
import { parsePackGrams } from "../packs/pack-size";
import { nameDifferences, readAttributes } from "../product-attributes";
import type { BrandPreference, PriceComparison } from "./substitution-contracts";
import { comparablePrices, parseUnitPriceLabel, type ValueScoreProduct } from "./value-heuristics";

/** The seed's ReasonGenerator without a model: short reasons in pt-PT, from the numbers the score used. */

const euros = (value: number): string => value.toFixed(2).replace(".", ",");

const brandPhrase = (brand: BrandPreference, product: ValueScoreProduct): string => {
  const label = product.brand
    ? product.brand.toLowerCase().replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase())
    : "";
  switch (brand) {
    case "store":
      return `Marca própria${label ? ` (${label})` : ""}`;
    case "national":
      return `Marca nacional${label ? ` (${label})` : ""}`;
    case "premium":
      return "Gama premium";
    default:
      return `Outra marca${label ? ` (${label})` : ""}`;
  }
};

const priceWords: Record<PriceComparison, string> = {
  cheaper: "mais barato",
  similar: "preço semelhante",
  more_expensive: "mais caro",
};

const sizePhrase = (candidate: ValueScoreProduct, original: ValueScoreProduct): string | undefined => {
  const c = parsePackGrams(candidate.size ?? candidate.name);
  const o = parsePackGrams(original.size ?? original.name);
  if (c === undefined || o === undefined) return undefined;
  if (Math.abs(c - o) <= o * 0.05) return "tamanho igual";
  return c > o ? "embalagem maior" : "embalagem menor";
};

export const heuristicReason = (
  candidate: ValueScoreProduct,
  original: ValueScoreProduct,
  brand: BrandPreference,
  comparison: PriceComparison,
): string => {
  const prices = comparablePrices(candidate, original);
  const unit =
    candidate.pricePerUnit
      ?.match(/\/\s*(\p{L}+)/u)?.[1]
      ?.toLowerCase()
      .replace("lt", "l") ?? "";
  const price =
    prices.basis === "unit"
      ? `${euros(prices.candidate)} €/${unit} contra ${euros(prices.original)} €/${unit} (${priceWords[comparison]} ao ${unit === "un" ? "preço unitário" : unit})`
      : `${euros(prices.candidate)} € contra ${euros(prices.original)} € (${priceWords[comparison]})`;
  // "melhor valor" only when the numbers say so: cheaper per kg / l / unit than the original.
  const betterValue = prices.basis === "unit" && comparison === "cheaper" ? "melhor valor" : undefined;
  return [brandPhrase(brand, candidate), betterValue, price, sizePhrase(candidate, original)]
    .filter(Boolean)
    .join(", ");
};

/** Whether folded `text` holds `phrase` as whole words. */
const holdsPhrase = (text: string, phrase: string): boolean =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(foldText(phrase))}(?![\\p{L}\\p{N}])`, "u").test(text);

/** "3,49 €", "3.49€/kg", "€ 3,49": each euro figure a text cites. */
const euroFigures = (text: string): number[] =>
  [
    ...text.matchAll(/(?:€\s*)?(\d+(?:[.,]\d{1,2})?)\s*(?:€|eur\b|euros?\b)|€\s*(\d+(?:[.,]\d{1,2})?)/giu),
  ].map((m) => Number((m[1] ?? m[2] ?? "").replace(",", ".")));

/** The euro figures the input holds (shelf prices, €/unit), and the differences between two of them. */
const givenFigures = (products: readonly ValueScoreProduct[]): number[] => {
  const figures = products.flatMap((p) => [p.price, parseUnitPriceLabel(p.pricePerUnit)?.euros ?? p.price]);
  return [...figures, ...figures.flatMap((a) => figures.map((b) => Math.abs(a - b)))];
};

/** A product as a reason is checked against it. */
export interface ReasonSubject extends ValueScoreProduct {
  productId: string;
}

/**
 * Why a reason a model wrote cannot stand for `candidate`, or undefined when it may: it claims a defining
 * attribute of the original that the candidate lost ("sem lactose" for a plain milk) without saying what
 * the candidate is instead ("com lactose"); it names another listed candidate (its productId, or a brand
 * only that one carries: "Polegar" in the reason of an Agros milk); or it cites a euro figure the input
 * does not hold (a price, a €/kg, or the difference of two). A plausible reason about the wrong product,
 * or with an invented price, is never shown as this one's.
 */
export const reasonContradiction = (
  written: string,
  candidate: ReasonSubject,
  original: ValueScoreProduct,
  others: readonly ReasonSubject[],
): string | undefined => {
  const text = foldText(written);
  const said = readAttributes(written);
  const originalAttributes = readAttributes(original.name);
  const candidateAttributes = readAttributes(candidate.name);
  for (const difference of nameDifferences(original.name, candidate.name)) {
    const lost = (originalAttributes[difference.dimension] ?? []).filter(
      (value) => !(candidateAttributes[difference.dimension] ?? []).includes(value),
    );
    if (
      lost.some((value) => said[difference.dimension]?.includes(value)) &&
      !text.includes(foldText(difference.to))
    ) {
      return `it says "${difference.from}" of a candidate that is "${difference.to}"`;
    }
  }
  const own = foldText(
    [candidate.name, candidate.brand ?? "", original.name, original.brand ?? ""].join(" "),
  );
  for (const other of others) {
    if (other.productId === candidate.productId) continue;
    if (holdsPhrase(text, other.productId)) return `it names the candidate ${other.productId}`;
    const brand = foldText(other.brand ?? "");
    if (brand.length >= 3 && holdsPhrase(text, brand) && !holdsPhrase(own, brand)) {
      return `it names ${other.brand}, the brand of the candidate ${other.productId}`;
    }
  }
  const given = givenFigures([candidate, original]);
  const invented = euroFigures(written).find((figure) => !given.some((g) => Math.abs(g - figure) < 0.006));
  if (invented !== undefined) return `it cites ${invented.toFixed(2)} €, a figure the input does not hold`;
  return undefined;
};
