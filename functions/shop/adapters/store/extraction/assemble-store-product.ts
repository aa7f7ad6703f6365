import { parsePackSize } from "../../../domain/packs/parse-pack-size";
import type { StoreProduct } from "../store-product";
import { computeUnitPrice, crossCheckUnitPrice } from "./compute-unit-price";
import { centsToEuros } from "./parse-price";
import { parseSiteUnitPrice } from "./parse-site-unit-price";

/** What a page told us about one product, already parsed from raw strings. */
export interface ProductFacts {
  productId: string;
  name: string;
  priceCents: number;
  wasPriceCents?: number;
  pricePerUnit?: string;
  brand?: string;
  /** An explicit pack-size text (product page attribute); otherwise the size is read from the name. */
  packSizeText?: string;
  available: boolean;
  soldByWeight: boolean;
  minimumQuantityKg?: number;
  quantityStepKg?: number;
  labels: string[];
  categoryPath: string[];
  url: string;
}

/**
 * Builds the product the tools return: the seed's candidate fields plus cents, our unit price
 * cross-checked against the site's, the promotion and the weight rules. For items sold by weight the
 * price is already per kg, so it is the unit price.
 */
export const assembleStoreProduct = (facts: ProductFacts): StoreProduct => {
  const siteUnitPrice = facts.pricePerUnit ? parseSiteUnitPrice(facts.pricePerUnit) : null;
  const pack = facts.soldByWeight
    ? null
    : (parsePackSize(facts.packSizeText ?? "") ?? parsePackSize(facts.name) ?? null);
  const computed = facts.soldByWeight
    ? { amountCents: facts.priceCents, per: "kg" as const, exactCents: facts.priceCents }
    : pack
      ? computeUnitPrice(facts.priceCents, pack, siteUnitPrice?.per)
      : null;
  const unitPrice = computed
    ? { amountCents: computed.amountCents, per: computed.per, source: "computed" as const }
    : siteUnitPrice
      ? { ...siteUnitPrice, source: "site" as const }
      : undefined;
  const onPromotion = facts.wasPriceCents !== undefined && facts.wasPriceCents > facts.priceCents;
  return {
    productId: facts.productId,
    name: facts.name,
    price: centsToEuros(facts.priceCents),
    pricePerUnit: facts.pricePerUnit,
    brand: facts.brand,
    size: pack?.text,
    available: facts.available,
    priceCents: facts.priceCents,
    currency: "EUR",
    unitPrice,
    unitPriceCheck: crossCheckUnitPrice(computed, siteUnitPrice),
    promotion:
      onPromotion && facts.wasPriceCents !== undefined ? { wasPriceCents: facts.wasPriceCents } : undefined,
    soldByWeight: facts.soldByWeight,
    minimumQuantityKg: facts.minimumQuantityKg,
    quantityStepKg: facts.quantityStepKg,
    labels: facts.labels,
    categoryPath: facts.categoryPath,
    url: facts.url,
  };
};
