import { describe, expect, it } from "vitest";
import {
  AttributeLexiconDataSchema,
  attributeLexiconFor,
} from "../../../../functions/shop/domain/product-attributes/attribute-lexicon";
import ptAttributeLexicon from "../../../../functions/shop/domain/product-attributes/pt-attribute-lexicon.json";
import singlePurchaseLastsDays from "../../../../functions/shop/domain/pruning/single-purchase-lasts-days.json";
import {
  SINGLE_PURCHASE_LASTS_DAYS,
  SinglePurchaseLastsDaysDataSchema,
} from "../../../../functions/shop/domain/pruning/stock-pruner";
import {
  NATIONAL_BRANDS,
  STORE_BRAND_TIERS,
  STORE_BRANDS,
  StoreBrandTiersDataSchema,
} from "../../../../functions/shop/domain/substitution/brand-tiers";
import storeBrandTiers from "../../../../functions/shop/domain/substitution/store-brand-tiers.json";

// Issue 43: the shop's lexicon, brand tiers and pack lifetimes are data (JSON), each checked by its schema.
describe("the shop's data files", () => {
  it("pt-attribute-lexicon.json matches its schema, and a planted flaw fails it", () => {
    expect(AttributeLexiconDataSchema.safeParse(ptAttributeLexicon).success).toBe(true);
    const unknownDimension = {
      ...ptAttributeLexicon,
      dimensions: [{ ...ptAttributeLexicon.dimensions[0], dimension: "colour" }],
    };
    expect(AttributeLexiconDataSchema.safeParse(unknownDimension).success).toBe(false);
    expect(AttributeLexiconDataSchema.safeParse({ ...ptAttributeLexicon, otherBrands: [] }).success).toBe(
      false,
    );
    expect(attributeLexiconFor("auchan-pt").dimensions.map((d) => d.dimension)).toContain("dietary");
  });

  it("store-brand-tiers.json matches its schema and extends the seed's tiers", () => {
    expect(StoreBrandTiersDataSchema.safeParse(storeBrandTiers).success).toBe(true);
    expect(StoreBrandTiersDataSchema.safeParse({ "auchan-pt": { store: ["x"], national: [] } }).success).toBe(
      false,
    );
    const auchan = STORE_BRAND_TIERS["auchan-pt"];
    expect(auchan?.store).toEqual([...STORE_BRANDS, "cosmia", "qilive", "actuel"]);
    expect(auchan?.national.slice(0, NATIONAL_BRANDS.length)).toEqual([...NATIONAL_BRANDS]);
  });

  it("single-purchase-lasts-days.json matches its schema (whole positive days) and is read in order", () => {
    expect(SinglePurchaseLastsDaysDataSchema.safeParse(singlePurchaseLastsDays).success).toBe(true);
    expect(SinglePurchaseLastsDaysDataSchema.safeParse([{ keyword: "arroz", days: 0 }]).success).toBe(false);
    expect(SINGLE_PURCHASE_LASTS_DAYS[0]).toEqual(["detergente", 45]);
    expect(SINGLE_PURCHASE_LASTS_DAYS.find(([word]) => word === "sal ")).toEqual(["sal ", 90]);
  });
});
