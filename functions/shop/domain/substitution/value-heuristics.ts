import { type BrandTiers, classifyBrand, SEED_BRAND_TIERS } from "./brand-tiers";
import type { BrandPreference, PriceComparison, Recommendation } from "./substitution-contracts";

/** The seed's weights of calculateValueScore. */
export const VALUE_WEIGHTS = { brand: 0.35, capacityCost: 0.4, price: 0.25 } as const;
export const BRAND_SCORES: Record<BrandPreference, number> = {
  store: 1.0,
  national: 0.7,
  premium: 0.4,
  unknown: 0.6,
};

/** A unit price read from the site's label (`2,97€/kg`, `0.86 €/Lt`, `599.99 €/un`). */
export interface ParsedUnitPrice {
  euros: number;
  per: "kg" | "l" | "un";
}

export const parseUnitPriceLabel = (label: string | undefined): ParsedUnitPrice | undefined => {
  if (!label) return undefined;
  const match = label.match(/(\d+(?:[,.]\d+)?)\s*€\s*\/\s*(kg|lt|l|un)/i);
  if (!match?.[1] || !match[2]) return undefined;
  const unit = match[2].toLowerCase();
  return {
    euros: Number.parseFloat(match[1].replace(",", ".")),
    per: unit === "lt" ? "l" : (unit as "kg" | "l" | "un"),
  };
};

/**
 * The seed's capacity/cost ratio: lower €/unit is better, normalized so 0 €/kg = 1.0 and 10 €/kg = 0.0;
 * without a unit price, the shelf price (0 € = 1.0, 20 € = 0.0). `size` is kept for the seed's signature.
 */
export function calculateCapacityCostRatio(price: number, pricePerUnit?: string, _size?: string): number {
  const unit = parseUnitPriceLabel(pricePerUnit);
  if (unit) return Math.max(0, 1 - unit.euros / 10);
  return Math.max(0, 1 - price / 20);
}

export interface ValueScoreProduct {
  name: string;
  price: number;
  pricePerUnit?: string;
  size?: string;
  brand?: string;
}

/**
 * The price the seed's value score compares (`unitPrice`): the €/unit when both products carry one in the
 * same unit, so a bigger pack at a better €/kg is not punished for its shelf price; else the shelf price.
 */
export const comparablePrices = (
  candidate: ValueScoreProduct,
  original: ValueScoreProduct,
): { candidate: number; original: number; basis: "unit" | "price" } => {
  const c = parseUnitPriceLabel(candidate.pricePerUnit);
  const o = parseUnitPriceLabel(original.pricePerUnit);
  if (c && o && c.per === o.per) return { candidate: c.euros, original: o.euros, basis: "unit" };
  return { candidate: candidate.price, original: original.price, basis: "price" };
};

/** The seed's price term: same or up to 10 % dearer scores 1, then falls linearly with the surcharge. */
export const priceScore = (candidate: number, original: number): number => {
  if (candidate <= original * 1.1) return 1.0;
  if (original <= 0) return 0;
  return Math.max(0, 1 - (candidate - original) / original);
};

/** The seed's calculateValueScore: brand 0.35, capacity/cost 0.40, price 0.25. */
export function calculateValueScore(
  candidate: ValueScoreProduct,
  original: ValueScoreProduct,
  tiers: BrandTiers = SEED_BRAND_TIERS,
  brandPreference: BrandPreference = classifyBrand(candidate.name, tiers, candidate.brand),
): number {
  const brandScore = BRAND_SCORES[brandPreference];
  const capacityCostScore = calculateCapacityCostRatio(
    candidate.price,
    candidate.pricePerUnit,
    candidate.size,
  );
  const prices = comparablePrices(candidate, original);
  const score =
    brandScore * VALUE_WEIGHTS.brand +
    capacityCostScore * VALUE_WEIGHTS.capacityCost +
    priceScore(prices.candidate, prices.original) * VALUE_WEIGHTS.price;
  return Math.round(score * 1000) / 1000;
}

/** The seed's bands: strong (>0.8), acceptable (0.5-0.8), weak (<0.5). */
export const recommendationFor = (valueScore: number): Recommendation =>
  valueScore > 0.8 ? "strong" : valueScore >= 0.5 ? "acceptable" : "weak";

/** Within 5 % either way is "similar"; the basis is the €/unit when both have one. */
export const comparePrice = (candidate: ValueScoreProduct, original: ValueScoreProduct): PriceComparison => {
  const prices = comparablePrices(candidate, original);
  if (prices.candidate < prices.original * 0.95) return "cheaper";
  if (prices.candidate <= prices.original * 1.05) return "similar";
  return "more_expensive";
};
