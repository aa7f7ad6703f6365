import { describe, expect, it } from "vitest";
import { LlmUnavailable } from "../../../../../functions/core/llm";
import {
  EXPLAIN_SUBSTITUTES_SCHEMA_NAME,
  explainSubstitutes,
  explainSubstitutesSchema,
  REASON_GENERATOR_SYSTEM_PROMPT,
} from "../../../../../functions/shop/domain/substitution/reason-generator";
import type { RankedCandidate } from "../../../../../functions/shop/domain/substitution/substitution-contracts";
import { originalItemFromCartLine } from "../../../../../functions/shop/domain/substitution/substitution-worker";
import { rankByHeuristic } from "../../../../../functions/shop/domain/substitution/value-ranker";
import { createFakeLlm } from "../../../../support/llm/fake-llm";
import {
  RecordingCoordinatorLogger,
  SWEET_POTATO_CANDIDATES,
  SWEET_POTATO_ORIGINAL,
} from "../../../../support/shop/coordinator-fixtures";

const original = originalItemFromCartLine(SWEET_POTATO_ORIGINAL);
/** The heuristic ranking of four candidates, as RankCandidates hands it on. */
const ranked: RankedCandidate[] = rankByHeuristic({
  originalProduct: SWEET_POTATO_ORIGINAL,
  candidates: SWEET_POTATO_CANDIDATES.slice(0, 4),
}).rankings.map((ranking) => {
  const product = SWEET_POTATO_CANDIDATES.find((c) => c.productId === ranking.productId);
  return { ...ranking, name: product?.name ?? "", price: product?.price ?? 0 };
});
const POLEGAR = "2394892";

describe("explainSubstitutes (the seed's ReasonGenerator, tool explain_substitutes)", () => {
  it("asks for short pt-PT reasons and puts the model's on the candidates it explained, keeping the rest", async () => {
    const llm = createFakeLlm().onStructured(EXPLAIN_SUBSTITUTES_SCHEMA_NAME, {
      reasons: [{ productId: POLEGAR, reason: "Marca própria, 3,49 €/kg contra 4,22 €/kg: melhor valor" }],
    });
    const outcome = await explainSubstitutes(
      { llm, logger: new RecordingCoordinatorLogger() },
      { original, candidates: ranked },
    );
    expect(outcome.source).toBe("llm");
    expect(outcome.candidates.find((c) => c.productId === POLEGAR)?.reason).toBe(
      "Marca própria, 3,49 €/kg contra 4,22 €/kg: melhor valor",
    );
    // Left out by the model: the ranking's own reason stays; ranks and scores never move here.
    expect(outcome.candidates.filter((c) => c.productId !== POLEGAR).map((c) => c.reason)).toEqual(
      ranked.filter((c) => c.productId !== POLEGAR).map((c) => c.reason),
    );
    expect(outcome.candidates.map((c) => [c.productId, c.rank, c.valueScore])).toEqual(
      ranked.map((c) => [c.productId, c.rank, c.valueScore]),
    );
    // Its prompt, verbatim, inside the substitution agent's shared system prompt.
    expect(llm.calls[0]?.request.system).toContain(REASON_GENERATOR_SYSTEM_PROMPT);
    expect(JSON.stringify(llm.calls[0]?.request.messages)).toContain("4.22 €/Kg");
  });

  it.each([
    ["an unknown product id", { reasons: [{ productId: "9999999", reason: "Boa opção" }] }],
    [
      "a product explained twice",
      {
        reasons: [
          { productId: POLEGAR, reason: "Boa opção" },
          { productId: POLEGAR, reason: "Outra vez" },
        ],
      },
    ],
    ["a reason too long to read at a glance", { reasons: [{ productId: POLEGAR, reason: "x".repeat(161) }] }],
    ["no reasons at all", { reasons: [] }],
    ["garbage", { explained: "yes" }],
  ])("refuses %s and keeps the ranking's reasons (heuristic)", async (_, answer) => {
    expect(explainSubstitutesSchema(new Set(ranked.map((c) => c.productId))).safeParse(answer).success).toBe(
      false,
    );
    const logger = new RecordingCoordinatorLogger();
    const llm = createFakeLlm().onStructured(EXPLAIN_SUBSTITUTES_SCHEMA_NAME, answer);
    const outcome = await explainSubstitutes({ llm, logger }, { original, candidates: ranked });
    expect(outcome).toEqual({ candidates: ranked, source: "heuristic" });
    expect(logger.records.some((r) => r.message.includes("LLM reasons failed"))).toBe(true);
  });

  it("keeps the ranking's reasons when the model is unavailable, and calls no model for no candidates", async () => {
    const llm = createFakeLlm().onStructured(EXPLAIN_SUBSTITUTES_SCHEMA_NAME, new LlmUnavailable("down"));
    const outcome = await explainSubstitutes(
      { llm, logger: new RecordingCoordinatorLogger() },
      { original, candidates: ranked },
    );
    expect(outcome).toEqual({ candidates: ranked, source: "heuristic" });
    const none = await explainSubstitutes(
      { llm, logger: new RecordingCoordinatorLogger() },
      { original, candidates: [] },
    );
    expect(none).toEqual({ candidates: [], source: "heuristic" });
    expect(llm.calls).toHaveLength(1);
  });
});
