import { z } from "zod";
import { parseOrThrow } from "../../../core/validation";
import storeBrandTiersData from "./store-brand-tiers.json";
import type { BrandPreference } from "./substitution-contracts";

/** Brand tiers as data: lower-case words or phrases matched inside a product's name and brand. */
export interface BrandTiers {
  store: readonly string[];
  national: readonly string[];
  premium: readonly string[];
}

/** Seed 000's lists, verbatim. */
export const STORE_BRANDS = ["auchan", "polegar", "amanhecer", "produto branco"] as const;
export const NATIONAL_BRANDS = ["mimosa", "iglo", "compal", "licor beirão", "gallo", "lusiaves"] as const;
export const PREMIUM_BRANDS = ["bio", "organic", "premium", "gourmet", "deluxe"] as const;

export const SEED_BRAND_TIERS: BrandTiers = {
  store: STORE_BRANDS,
  national: NATIONAL_BRANDS,
  premium: PREMIUM_BRANDS,
};

/** store-brand-tiers.json: per store, the brands added to each of the seed's tiers. */
export const StoreBrandTiersDataSchema = z.record(
  z.string().min(1),
  z.strictObject({
    store: z.array(z.string().trim().min(1)),
    national: z.array(z.string().trim().min(1)),
    premium: z.array(z.string().trim().min(1)),
  }),
);

/**
 * Tiers per store, extending the seed's lists with the brands seen on that store's site (STORE.md: own
 * labels `AUCHAN ESSENCIAL`, `COSMIA`, `QILIVE`, `ACTUEL`; national brands on the shelves). A new store
 * is a new entry in store-brand-tiers.json, not new code.
 */
export const STORE_BRAND_TIERS: Record<string, BrandTiers> = Object.fromEntries(
  Object.entries(parseOrThrow(StoreBrandTiersDataSchema, storeBrandTiersData, "store-brand-tiers.json")).map(
    ([storeId, added]) => [
      storeId,
      {
        store: [...STORE_BRANDS, ...added.store],
        national: [...NATIONAL_BRANDS, ...added.national],
        premium: [...PREMIUM_BRANDS, ...added.premium],
      },
    ],
  ),
);

export const DEFAULT_STORE_ID = "auchan-pt";

export const brandTiersFor = (storeId: string): BrandTiers => STORE_BRAND_TIERS[storeId] ?? SEED_BRAND_TIERS;

/**
 * The seed's classifyBrand: store labels first (an "auchan bio" product is still Auchan's), then premium
 * words, then national brands. Pass `brand` too when the store names it, so a brand absent from the name
 * still counts.
 */
export function classifyBrand(
  productName: string,
  tiers: BrandTiers = SEED_BRAND_TIERS,
  brand?: string,
): BrandPreference {
  const nameLower = `${productName} ${brand ?? ""}`.toLowerCase();
  if (tiers.store.some((b) => nameLower.includes(b))) return "store";
  if (tiers.premium.some((b) => nameLower.includes(b))) return "premium";
  if (tiers.national.some((b) => nameLower.includes(b))) return "national";
  return "unknown";
}

/** Every brand word the tiers know, longest first: what the heuristic query builder strips from names. */
export const knownBrandWords = (tiers: BrandTiers): string[] =>
  [...tiers.store, ...tiers.national].sort((a, b) => b.length - a.length);
