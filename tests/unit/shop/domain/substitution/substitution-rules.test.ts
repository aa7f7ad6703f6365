import { describe, expect, it } from "vitest";
import {
  defaultHouseholdPreferences,
  householdPreferencesSchema,
  policyFor,
} from "../../../../../functions/shop/domain/household-preferences";
import { applySubstitutionRules } from "../../../../../functions/shop/domain/substitution/substitution-rules";
import { rankByHeuristic } from "../../../../../functions/shop/domain/substitution/value-ranker";
import {
  RecordingCoordinatorLogger,
  SWEET_POTATO_CANDIDATES,
  SWEET_POTATO_ORIGINAL,
} from "../../../../support/shop/coordinator-fixtures";

const appleCrumble = {
  productId: "1111111",
  name: "crumble de maçã auchan 400g",
  price: 1.5,
  pricePerUnit: "3.75 €/Kg",
  brand: "AUCHAN",
  size: "400g",
  available: true,
  categoryPath: ["alimentação", "congelados", "sobremesas-congeladas"],
};
const candidates = [...SWEET_POTATO_CANDIDATES, appleCrumble];
const ranked = rankByHeuristic({ originalProduct: SWEET_POTATO_ORIGINAL, candidates });

const apply = (overrides: Partial<Parameters<typeof applySubstitutionRules>[0]> = {}) => {
  const logger = new RecordingCoordinatorLogger();
  const result = applySubstitutionRules({
    rankings: ranked.rankings,
    candidates,
    original: SWEET_POTATO_ORIGINAL,
    policy: { policy: "best_match" },
    preferences: defaultHouseholdPreferences(),
    logger,
    ...overrides,
  });
  return { ...result, logger, ids: result.rankings.map((r) => r.productId) };
};

describe("the hard category guard", () => {
  it("removes apple crumble, fries and fresh sweet potato for frozen vegetables, logging each reason", () => {
    const { ids, removed, logger } = apply();
    expect(ids).not.toContain("1111111");
    expect(ids).not.toContain("6538671");
    expect(ids).not.toContain("6146977");
    expect(
      removed
        .filter((r) => r.rule === "category_guard")
        .map((r) => r.productId)
        .sort(),
    ).toEqual(["1111111", "6146977", "6538671"].sort());
    expect(removed.find((r) => r.productId === "1111111")?.reason).toBe(
      "category alimentação/congelados/sobremesas-congeladas is not the original's alimentação/congelados/legumes-congelados",
    );
    expect(logger.records.filter((r) => r.message === "substitute removed by rule")).toHaveLength(3);
  });

  it("removes a candidate a model ranked first when it is in another category, whatever its score", () => {
    const crumble = ranked.rankings.find((r) => r.productId === "1111111");
    if (!crumble) throw new Error("the crumble was ranked");
    const modelOrder = [
      { ...crumble, valueScore: 0.99, recommendation: "strong" as const },
      ...ranked.rankings.filter((r) => r !== crumble),
    ].map((r, i) => ({ ...r, rank: i + 1 }));
    expect(apply({ rankings: modelOrder }).ids[0]).toBe("2394892");
  });

  it("renumbers the kept ranks 1..n", () => {
    expect(apply().rankings.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe("the price cap", () => {
  const pricey = {
    productId: "2222222",
    name: "batata doce auchan cubos congelada 500g",
    price: 2.6,
    pricePerUnit: "5.20 €/Kg",
    brand: "AUCHAN",
    size: "500g",
    available: true,
    categoryPath: SWEET_POTATO_ORIGINAL.categoryPath,
  };
  const strongPricey = [
    {
      ...ranked.rankings[0],
      productId: "2222222",
      valueScore: 0.9,
      recommendation: "strong" as const,
      rank: 1,
      brandPreference: "store" as const,
      priceComparison: "more_expensive" as const,
      capacityCostRatio: 0.48,
      reason: "Marca própria",
    },
  ];

  it("never lets a candidate more than 20 % dearer per kg be strong (5,20 €/kg against 4,22 €/kg)", () => {
    const { rankings } = apply({ rankings: strongPricey, candidates: [pricey] });
    expect(rankings[0]?.recommendation).toBe("acceptable");
    expect(rankings[0]?.reason).toContain("acima do limite de preço de +20% ao preço unitário");
  });

  it("follows the household's cap", () => {
    const preferences = { ...defaultHouseholdPreferences(), priceCapPercent: 30 };
    expect(
      apply({ rankings: strongPricey, candidates: [pricey], preferences }).rankings[0]?.recommendation,
    ).toBe("strong");
  });

  it("uses the shelf price when a unit price is missing", () => {
    const noUnit = { ...pricey, pricePerUnit: undefined, price: 2.1 };
    const original = { ...SWEET_POTATO_ORIGINAL, pricePerUnit: undefined };
    const { rankings } = apply({ rankings: strongPricey, candidates: [noUnit], original });
    expect(rankings[0]?.reason).toContain("no preço");
  });
});

describe("household policies and brands", () => {
  it("keeps only the products of a `specific` policy", () => {
    const { ids, removed } = apply({ policy: { policy: "specific", productIds: ["8759275"] } });
    expect(ids).toEqual(["8759275"]);
    expect(removed.some((r) => r.rule === "not_in_specific_policy")).toBe(true);
  });

  it("removes banned brands and puts pinned brands first", () => {
    const preferences = {
      ...defaultHouseholdPreferences(),
      bannedBrands: ["polegar"],
      pinnedBrands: ["Iglo"],
    };
    const { ids, removed } = apply({ preferences });
    expect(ids).not.toContain("2394892");
    expect(ids[0]).toBe("8759275");
    expect(removed.find((r) => r.productId === "2394892")?.rule).toBe("banned_brand");
  });

  it("takes an item's own policy over the household default", () => {
    const preferences = householdPreferencesSchema.parse({
      defaultPolicy: { policy: "no_substitute" },
      itemPolicies: { "3392943": { policy: "best_match" } },
    });
    expect(policyFor(preferences, "3392943")).toEqual({ policy: "best_match" });
    expect(policyFor(preferences, "5584570")).toEqual({ policy: "no_substitute" });
  });

  it("refuses preferences a client could get wrong, naming the field", () => {
    const result = householdPreferencesSchema.safeParse({
      defaultPolicy: { policy: "specific", productIds: [] },
      slots: { earliestHour: 20, latestHour: 10 },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(
      expect.arrayContaining(["defaultPolicy.productIds", "slots.latestHour"]),
    );
  });
});
