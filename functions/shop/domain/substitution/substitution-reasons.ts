import { parsePackGrams } from "../packs/pack-size";
import type { BrandPreference, PriceComparison } from "./substitution-contracts";
import { comparablePrices, type ValueScoreProduct } from "./value-heuristics";

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
