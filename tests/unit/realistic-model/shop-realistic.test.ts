import { describe, expect, it } from "vitest";
import type { CoordinatorProduct } from "../../../functions/shop/domain/store-shapes";
import {
  RANK_SUBSTITUTES_SCHEMA_NAME,
  SEARCH_QUERY_SCHEMA_NAME,
} from "../../../functions/shop/domain/substitution/substitution-contracts";
import {
  rankByHeuristic,
  rankSubstitutesByValue,
} from "../../../functions/shop/domain/substitution/value-ranker";
import { generateQueriesForItem } from "../../../functions/shop/domain/use-cases/generate-item-queries";
import { rankCandidatesForItem } from "../../../functions/shop/domain/use-cases/rank-item-candidates";
import { call, createRealisticFakeLlm, listedIds } from "../../support/llm/realistic-fake-llm";
import {
  RecordingCoordinatorLogger,
  SWEET_POTATO_CANDIDATES,
  SWEET_POTATO_ORIGINAL,
} from "../shop-coordinator/support/coordinator-fixtures";

// The shop's query, rank and reason steps against answers real models give (issue 35): near misses a
// well-built system reads, and plausible answers that contradict the input, which it must not pass on.

const candidates = SWEET_POTATO_CANDIDATES.slice(0, 4);
const RULES = { pinnedBrands: [], bannedBrands: [], priceCapPercent: 50 };

const entry = (productId: string, rank: number, overrides: Record<string, unknown> = {}) => ({
  productId,
  rank,
  valueScore: 0.7,
  brandPreference: "national",
  recommendation: "acceptable",
  reason: "Boa alternativa",
  ...overrides,
});

describe("the shop's rank step reads a real model's near misses", () => {
  it("scores as text ('0,85', '85%') and a percentage for a fraction (72) are the fractions meant", async () => {
    const llm = createRealisticFakeLlm({
      [RANK_SUBSTITUTES_SCHEMA_NAME]: () =>
        call(RANK_SUBSTITUTES_SCHEMA_NAME, {
          rankings: [
            entry("2394892", 1, { valueScore: "0,85", brandPreference: "store" }),
            entry("7137657", 2, { valueScore: "85%", brandPreference: "store" }),
            entry("8759275", 3, { valueScore: 72 }),
            entry("4422151", 4, { valueScore: "0.6", brandPreference: "store" }),
          ],
          summary: "Polegar 1 kg é o melhor valor.",
        }),
    });
    const outcome = await rankSubstitutesByValue(
      { llm, logger: new RecordingCoordinatorLogger() },
      { originalProduct: SWEET_POTATO_ORIGINAL, candidates },
    );
    expect(outcome.source).toBe("llm");
    const scores = Object.fromEntries(outcome.output.rankings.map((r) => [r.productId, r.valueScore]));
    expect(scores).toEqual({ "2394892": 0.85, "7137657": 0.85, "8759275": 0.72, "4422151": 0.6 });
    expect(llm.requests).toHaveLength(1);
  });

  it("an ambiguous or impossible score ('4,200', 250) is not guessed: asked again, then the heuristic", async () => {
    const llm = createRealisticFakeLlm({
      [RANK_SUBSTITUTES_SCHEMA_NAME]: ({ attempt }) =>
        call(RANK_SUBSTITUTES_SCHEMA_NAME, {
          rankings: [entry("2394892", 1, { valueScore: attempt === 1 ? "4,200" : 250 })],
          summary: "x",
        }),
    });
    const outcome = await rankSubstitutesByValue(
      { llm, logger: new RecordingCoordinatorLogger() },
      { originalProduct: SWEET_POTATO_ORIGINAL, candidates },
    );
    expect(llm.requests).toHaveLength(2);
    expect(outcome.source).toBe("heuristic");
    expect(outcome.output).toEqual(rankByHeuristic({ originalProduct: SWEET_POTATO_ORIGINAL, candidates }));
  });

  it("enum values in another case or words ('Store Brand', 'National', 'Strong', 'forte') are the seed's", async () => {
    const llm = createRealisticFakeLlm({
      [RANK_SUBSTITUTES_SCHEMA_NAME]: () =>
        call(RANK_SUBSTITUTES_SCHEMA_NAME, {
          rankings: [
            entry("2394892", 1, {
              valueScore: 0.9,
              brandPreference: "Store Brand",
              recommendation: "Strong",
            }),
            entry("7137657", 2, {
              valueScore: 0.8,
              brandPreference: "marca própria",
              recommendation: "forte",
            }),
            entry("8759275", 3, {
              valueScore: 0.6,
              brandPreference: "National",
              recommendation: "Acceptable",
            }),
            entry("4422151", 4, { valueScore: 0.4, brandPreference: "PREMIUM", recommendation: "weak " }),
          ],
          summary: "Polegar 1 kg é o melhor valor.",
        }),
    });
    const outcome = await rankSubstitutesByValue(
      { llm, logger: new RecordingCoordinatorLogger() },
      { originalProduct: SWEET_POTATO_ORIGINAL, candidates },
    );
    expect(outcome.source).toBe("llm");
    const brands = Object.fromEntries(outcome.output.rankings.map((r) => [r.productId, r.brandPreference]));
    expect(brands).toEqual({
      "2394892": "store",
      "7137657": "store",
      "8759275": "national",
      "4422151": "premium",
    });
    expect(llm.requests).toHaveLength(1);
  });

  it("a candidate named by its product name (or 'ID 2394892') instead of its id is that candidate", async () => {
    const byName = (id: string) => candidates.find((c) => c.productId === id)?.name ?? "";
    const llm = createRealisticFakeLlm({
      [RANK_SUBSTITUTES_SCHEMA_NAME]: ({ text }) => {
        expect(listedIds(text)).toContain("2394892");
        return call(RANK_SUBSTITUTES_SCHEMA_NAME, {
          rankings: [
            entry("ID 2394892", 1, { valueScore: 0.92, brandPreference: "store" }),
            entry(byName("8759275").toUpperCase(), 2, { valueScore: 0.7 }),
            entry(byName("4422151"), 3, { valueScore: 0.5, brandPreference: "store" }),
          ],
          summary: "Polegar 1 kg é o melhor valor.",
        });
      },
    });
    const ranked = await rankCandidatesForItem(
      { llm, logger: new RecordingCoordinatorLogger() },
      { item: SWEET_POTATO_ORIGINAL, policy: { policy: "best_match" }, rules: RULES, candidates },
    );
    expect(ranked.source).toBe("llm");
    expect(ranked.candidates[0]?.productId).toBe("2394892");
    expect(ranked.candidates[0]?.valueScore).toBe(0.92);
    expect(ranked.candidates.find((c) => c.productId === "8759275")?.valueScore).toBe(0.7);
    expect(llm.requests).toHaveLength(1);
  });

  it("two candidates with one name are never guessed between: the model is asked again", async () => {
    const twins = [
      candidates[0] as CoordinatorProduct,
      { ...(candidates[0] as CoordinatorProduct), productId: "7137658" },
    ];
    const llm = createRealisticFakeLlm({
      [RANK_SUBSTITUTES_SCHEMA_NAME]: ({ attempt }) =>
        call(RANK_SUBSTITUTES_SCHEMA_NAME, {
          rankings: [entry(attempt === 1 ? (twins[0]?.name ?? "") : "7137658", 1)],
          summary: "x",
        }),
    });
    const outcome = await rankSubstitutesByValue(
      { llm, logger: new RecordingCoordinatorLogger() },
      { originalProduct: SWEET_POTATO_ORIGINAL, candidates: twins },
    );
    expect(llm.requests).toHaveLength(2);
    expect(outcome.source).toBe("llm");
    expect(outcome.output.rankings[0]?.productId).toBe("7137658");
  });
});

describe("the shop's query step with a real model's answers", () => {
  const generate = (
    llm: ReturnType<typeof createRealisticFakeLlm>,
    logger = new RecordingCoordinatorLogger(),
  ) => generateQueriesForItem({ llm, logger }, { item: SWEET_POTATO_ORIGINAL });

  it("a searchStrategy in another case ('Category') is the seed's value, not a reason to drop the answer", async () => {
    const llm = createRealisticFakeLlm({
      [SEARCH_QUERY_SCHEMA_NAME]: () =>
        call(SEARCH_QUERY_SCHEMA_NAME, {
          primaryQuery: "batata doce cubos congelada",
          fallbackQueries: ["batata doce congelada", "legumes congelados cubos"],
          inferredCategory: "congelados",
          reasoning: "Marca e tamanho removidos.",
          searchStrategy: "Category",
        }),
    });
    const outcome = await generate(llm);
    expect(outcome.source).toBe("llm");
    expect(outcome.queries.searchStrategy).toBe("category");
    expect(outcome.queries.fallbackQueries).toContain("legumes congelados cubos");
    expect(llm.requests).toHaveLength(1);
  });
});
