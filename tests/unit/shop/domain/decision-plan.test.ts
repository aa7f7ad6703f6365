import { describe, expect, it } from "vitest";
import { DomainRefusedError } from "../../../../functions/core/errors";
import { planDecisions } from "../../../../functions/shop/domain/runs/decision-plan";
import { composeRunResult } from "../../../../functions/shop/domain/runs/run-result";
import { emptyUsage } from "../../../../functions/shop/domain/runs/shop-run";
import { substitutionRecommendationSchema } from "../../../../functions/shop/domain/substitution/substitution-contracts";

const candidate = (productId: string, rank: number) => ({
  productId,
  rank,
  valueScore: 0.8,
  brandPreference: "store",
  priceComparison: "cheaper",
  capacityCostRatio: 0.7,
  recommendation: "strong",
  reason: "mais barato",
  name: `Leite ${productId}`,
  price: 0.8,
  size: "1 l",
});

/** A run's result: milk-1 unavailable with two candidates, rice-1 proposed for removal. */
const result = {
  ...composeRunResult({
    items: [],
    cartAdditions: [],
    prune: {
      value: [{ productId: "rice-1", name: "Arroz", reason: "bought 3 days ago" }],
      source: "heuristic",
      usage: emptyUsage(),
    },
  }),
  substitutions: [
    substitutionRecommendationSchema.parse({
      originalItem: {
        productId: "milk-1",
        name: "Leite",
        price: 0.9,
        size: "1 l",
        quantity: 2,
        categoryPath: ["Leite"],
      },
      status: "substitutes_found",
      candidates: [candidate("milk-2", 1), candidate("milk-3", 2)],
      reason: "2 found",
    }),
  ],
};

const refusalOf = (decide: () => unknown) => {
  try {
    decide();
  } catch (error) {
    return error;
  }
  throw new Error("not refused");
};

describe("planDecisions", () => {
  it("turns each decision into the change it asks for, the substitute's quantity covering the original's", () => {
    const planned = planDecisions(result, [
      { originalProductId: "milk-1", action: "accept" },
      { pruneProductId: "rice-1", action: "remove" },
    ]);
    expect(planned).toMatchObject([
      { kind: "substitute", originalId: "milk-1", substituteId: "milk-2", quantity: 2 },
      { kind: "prune", productId: "rice-1" },
    ]);
  });

  it("plans a reject and a keep as records only, and an accept of a named candidate as that candidate", () => {
    expect(planDecisions(result, [{ originalProductId: "milk-1", action: "reject" }])).toMatchObject([
      { kind: "record", productId: "milk-1" },
    ]);
    expect(planDecisions(result, [{ pruneProductId: "rice-1", action: "keep" }])).toMatchObject([
      { kind: "record", productId: "rice-1" },
    ]);
    expect(
      planDecisions(result, [{ originalProductId: "milk-1", action: "accept", productId: "milk-3" }]),
    ).toMatchObject([{ kind: "substitute", substituteId: "milk-3" }]);
  });

  it("refuses a product decided twice in one request (decision_duplicated), naming the second", () => {
    const error = refusalOf(() =>
      planDecisions(result, [
        { originalProductId: "milk-1", action: "accept" },
        { originalProductId: "milk-1", action: "reject" },
      ]),
    );
    expect(error).toBeInstanceOf(DomainRefusedError);
    expect(error).toMatchObject({
      code: "decision_duplicated",
      details: { issues: [{ path: "decisions.1" }] },
    });
  });

  it("refuses every decision on a product the run did not recommend (decision_not_recommended), by path", () => {
    const error = refusalOf(() =>
      planDecisions(result, [
        { originalProductId: "milk-1", action: "accept", productId: "milk-9" },
        { originalProductId: "bread-1", action: "accept" },
        { pruneProductId: "oil-1", action: "remove" },
      ]),
    );
    expect(error).toMatchObject({
      code: "decision_not_recommended",
      details: {
        issues: [
          { path: "decisions.0.productId", message: "the run did not recommend this product for this item" },
          { path: "decisions.1.originalProductId" },
          { path: "decisions.2.pruneProductId" },
        ],
      },
    });
  });
});
