import type { PackSize } from "../../../domain/packs/parse-pack-size";
import type { UnitOfMeasure, UnitPrice } from "./unit-price";

/** The site's €/Dose and €/Kg are what shoppers compare; pure counts come last. */
const DIMENSION_PREFERENCE: readonly UnitOfMeasure[] = ["dose", "kg", "l", "un"];

/** Agreement tolerance between our unit price and the site's (rounding on the site, stale labels). */
export const UNIT_PRICE_TOLERANCE = 0.02;

/**
 * Price per unit of measure from a pack's price and its parsed size. `preferredPer` (the dimension the
 * site uses for this product) wins when the pack has it, so the two figures can be compared.
 */
export const computeUnitPrice = (
  priceCents: number,
  pack: PackSize,
  preferredPer?: UnitOfMeasure,
): (UnitPrice & { exactCents: number }) | null => {
  const order = preferredPer ? [preferredPer, ...DIMENSION_PREFERENCE] : DIMENSION_PREFERENCE;
  for (const per of order) {
    const total = pack.totals[per];
    if (total !== undefined && total > 0) {
      const exactCents = priceCents / total;
      return { amountCents: Math.round(exactCents), per, exactCents };
    }
  }
  return null;
};

export type UnitPriceCheck =
  | { status: "agrees"; siteAmountCents: number; computedAmountCents: number }
  | { status: "disagrees"; siteAmountCents: number; computedAmountCents: number; differencePercent: number }
  | { status: "unchecked"; reason: string };

/**
 * Cross-checks our unit price against the site's label. A difference over 2 % (and over half a cent, so
 * cent rounding of tiny unit prices is not flagged) is a disagreement the ranker should know about.
 */
export const crossCheckUnitPrice = (
  computed: (UnitPrice & { exactCents: number }) | null,
  site: UnitPrice | null,
): UnitPriceCheck => {
  if (!computed) return { status: "unchecked", reason: "pack size unknown" };
  if (!site) return { status: "unchecked", reason: "no unit price on the page" };
  if (computed.per !== site.per) {
    return { status: "unchecked", reason: `site shows €/${site.per}, pack size gives €/${computed.per}` };
  }
  const difference = Math.abs(computed.exactCents - site.amountCents);
  const base = Math.max(site.amountCents, 1);
  if (difference > UNIT_PRICE_TOLERANCE * base && difference > 0.5) {
    return {
      status: "disagrees",
      siteAmountCents: site.amountCents,
      computedAmountCents: computed.amountCents,
      differencePercent: Math.round((difference / base) * 1000) / 10,
    };
  }
  return { status: "agrees", siteAmountCents: site.amountCents, computedAmountCents: computed.amountCents };
};
