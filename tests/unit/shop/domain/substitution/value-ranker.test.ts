import { describe, expect, it } from "vitest";
import { LlmUnavailable } from "../../../../../functions/core/llm";
import type { ValueRankerInput } from "../../../../../functions/shop/domain/substitution/substitution-contracts";
import {
  modelRankingOutputSchema,
  rankByHeuristic,
  rankSubstitutesByValue,
} from "../../../../../functions/shop/domain/substitution/value-ranker";
import { createFakeLlm } from "../../../../support/llm/fake-llm";
import {
  RecordingCoordinatorLogger,
  SWEET_POTATO_CANDIDATES,
  SWEET_POTATO_ORIGINAL,
} from "../../../../support/shop/coordinator-fixtures";

const input: ValueRankerInput = {
  originalProduct: {
    name: SWEET_POTATO_ORIGINAL.name,
    price: SWEET_POTATO_ORIGINAL.price,
    pricePerUnit: "4.22 €/Kg",
    size: "400g",
  },
  candidates: SWEET_POTATO_CANDIDATES.slice(0, 6).map(({ categoryPath: _, ...candidate }) => candidate),
};

const modelRanking = (productId: string, rank: number, valueScore = 0.7) => ({
  productId,
  rank,
  valueScore,
  brandPreference: "store" as const,
  recommendation: "acceptable" as const,
  reason: "Marca Auchan (melhor valor), formato similar, bom €/kg",
});

describe("the heuristic ranker", () => {
  it("ranks Auchan's own labels above national and premium at similar €/kg, and a better €/kg first", () => {
    const { rankings } = rankByHeuristic(input);
    const ids = rankings.map((r) => r.productId);
    expect(ids[0]).toBe("2394892"); // polegar 1 kg, 3,49 €/kg: the best €/kg beats a lower shelf price
    expect(ids.indexOf("7137657")).toBeLessThan(ids.indexOf("5214154")); // auchan 5,09 €/kg above ardo 5,05 €/kg
    expect(ids.indexOf("7137657")).toBeLessThan(ids.indexOf("8759275")); // above iglo
    expect(rankings.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rankings.every((r) => r.valueScore >= 0 && r.valueScore <= 1)).toBe(true);
  });

  it("fills every field of the seed's rankings, with a short reason in Portuguese", () => {
    const polegar = rankByHeuristic(input).rankings[0];
    expect(polegar).toMatchObject({
      brandPreference: "store",
      priceComparison: "cheaper",
      recommendation: "strong",
      capacityCostRatio: expect.closeTo(0.651, 3),
    });
    expect(polegar?.reason).toBe(
      "Marca própria (Polegar), melhor valor, 3,49 €/kg contra 4,22 €/kg (mais barato ao kg), embalagem maior",
    );
  });
});

describe("rankSubstitutesByValue (seed's ValueRanker, tool rank_substitutes_by_value)", () => {
  it("keeps the model's order and reasons, and computes priceComparison and capacityCostRatio itself", async () => {
    const llm = createFakeLlm().onStructured("rank_substitutes_by_value", {
      rankings: [modelRanking("7137657", 1, 0.92), modelRanking("8759275", 2, 0.71)],
      summary: "Auchan primeiro.",
    });
    const { output, source } = await rankSubstitutesByValue(
      { llm, logger: new RecordingCoordinatorLogger() },
      input,
    );
    expect(source).toBe("llm");
    expect(output.summary).toBe("Auchan primeiro.");
    expect(output.rankings.slice(0, 2)).toMatchObject([
      { productId: "7137657", rank: 1, recommendation: "strong", priceComparison: "more_expensive" },
      {
        productId: "8759275",
        rank: 2,
        recommendation: "acceptable",
        capacityCostRatio: expect.closeTo(0.253, 3),
      },
    ]);
    // The candidates the model left out follow, ranked by the heuristic.
    expect(output.rankings).toHaveLength(6);
    expect(output.rankings[2]?.productId).toBe("2394892");
  });

  it("holds the seed's bands whatever the model says: a 0.45 it calls strong is weak", async () => {
    const llm = createFakeLlm().onStructured("rank_substitutes_by_value", {
      rankings: [{ ...modelRanking("7137657", 1, 0.45), recommendation: "strong" }],
      summary: "",
    });
    const { output } = await rankSubstitutesByValue({ llm, logger: new RecordingCoordinatorLogger() }, input);
    expect(output.rankings[0]).toMatchObject({ productId: "7137657", recommendation: "weak" });
  });

  it.each([
    ["an unknown product id", { rankings: [modelRanking("9999999", 1)], summary: "" }],
    ["a duplicate rank", { rankings: [modelRanking("7137657", 1), modelRanking("8759275", 1)], summary: "" }],
    [
      "a product ranked twice",
      { rankings: [modelRanking("7137657", 1), modelRanking("7137657", 2)], summary: "" },
    ],
    ["a score above 1", { rankings: [modelRanking("7137657", 1, 1.4)], summary: "" }],
    ["a negative score", { rankings: [modelRanking("7137657", 1, -0.2)], summary: "" }],
    ["no rankings at all", { rankings: [], summary: "nada" }],
    ["garbage", { ranked: "yes" }],
  ])("refuses %s (the port re-asks once, then the heuristic ranks)", async (_, answer) => {
    const ids = new Set(input.candidates.map((c) => c.productId));
    expect(modelRankingOutputSchema(ids).safeParse(answer).success).toBe(false);
    const logger = new RecordingCoordinatorLogger();
    const llm = createFakeLlm().onStructured("rank_substitutes_by_value", answer);
    const { output, source } = await rankSubstitutesByValue({ llm, logger }, input);
    expect(source).toBe("heuristic");
    expect(output).toEqual(rankByHeuristic(input));
    expect(logger.messages("warn")).toEqual(["LLM ranking failed, using heuristic"]);
  });

  it("ranks by heuristic when the model is unavailable", async () => {
    const llm = createFakeLlm().onStructured("rank_substitutes_by_value", new LlmUnavailable("offline"));
    const { source } = await rankSubstitutesByValue({ llm, logger: new RecordingCoordinatorLogger() }, input);
    expect(source).toBe("heuristic");
  });

  it("does not call the model when no candidate is available", async () => {
    const llm = createFakeLlm();
    const { output } = await rankSubstitutesByValue(
      { llm, logger: new RecordingCoordinatorLogger() },
      { ...input, candidates: input.candidates.map((c) => ({ ...c, available: false })) },
    );
    expect(output.rankings).toEqual([]);
    expect(llm.calls).toEqual([]);
  });
});
