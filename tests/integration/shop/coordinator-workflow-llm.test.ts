import { describe, expect, it } from "vitest";
import type { FakeLlmRequest } from "../../../dev/fake-llm/fake-llm-script";
import { buildHeuristicQueries } from "../../../functions/shop/domain/substitution/query-generator";
import {
  productIdsIn,
  toolReply,
  useCoordinatorOnFakeModel,
} from "../../support/shop/coordinator-on-fake-model";
import { scaledTimeout } from "../../support/test-timeouts";

/**
 * The same workflow with a model: the LLM steps go through the official OpenAI SDK over HTTP to the local
 * fake LLM server, which answers by forced tool name (concurrent items each get their own answer).
 */
const rankRequests: FakeLlmRequest[] = [];

const queriesFor = (request: FakeLlmRequest) => {
  const name = request.lastMessageText.match(/name: (.+)/)?.[1]?.trim() ?? "";
  if (name.startsWith("batata doce auchan em cubos")) {
    return toolReply("generate_search_query", {
      primaryQuery: "batata doce cubos congelada",
      fallbackQueries: ["batata doce congelada", "legumes congelados cubos"],
      inferredCategory: "frozen vegetables",
      reasoning: "Sem marca nem tamanho.",
    });
  }
  const heuristic = buildHeuristicQueries({ productName: name });
  return toolReply("generate_search_query", { ...heuristic, reasoning: "heuristic-like" });
};

const rankingFor = (request: FakeLlmRequest) => {
  rankRequests.push(request);
  // The candidates are in the first user message (a re-ask ends with the validation error instead).
  const ids = productIdsIn(request);
  // The very first ranking names a product that was never offered: the client must re-ask once.
  if (rankRequests.length === 1) {
    return toolReply("rank_substitutes_by_value", {
      rankings: [
        {
          productId: "0000000",
          rank: 1,
          valueScore: 0.9,
          brandPreference: "store",
          recommendation: "strong",
          reason: "x",
        },
      ],
      summary: "invented",
    });
  }
  return toolReply("rank_substitutes_by_value", {
    rankings: ids.map((productId, index) => ({
      productId,
      rank: index + 1,
      valueScore: Math.max(0.1, 0.9 - index * 0.1),
      brandPreference: "store",
      recommendation: "strong",
      reason: "Marca Auchan (melhor valor), formato similar, bom €/kg",
    })),
    summary: "Marca própria primeiro.",
  });
};

/** The seed's ReasonGenerator: one short pt-PT reason for each listed candidate. */
const reasonsFor = (request: FakeLlmRequest) => {
  const ids = productIdsIn(request);
  return toolReply("explain_substitutes", {
    reasons: ids.map((productId) => ({ productId, reason: `Explicado pelo modelo (${productId})` })),
  });
};

const harness = useCoordinatorOnFakeModel(
  {
    generate_search_query: queriesFor,
    rank_substitutes_by_value: rankingFor,
    explain_substitutes: reasonsFor,
    prune_stock: () => toolReply("prune_stock", { proposals: [] }),
  },
  { env: { LLM_MAX_RETRIES: "0", LLM_TIMEOUT_MS: "20000" } },
);

describe("the shop-coordinator workflow through the real OpenAI SDK against the fake LLM server", () => {
  it(
    "uses the model's queries, rankings and reasons, re-asks once after an invented product id, and counts usage",
    async () => {
      const householdId = harness.store.seedDemoHousehold();
      const { header, execution } = await harness.run("tenant-llm", householdId);
      expect(execution.status).toBe("SUCCEEDED");
      const result = header.result;
      if (!result) throw new Error("no result");
      expect(result.totalWithSubstitutes).toBe(5);
      expect(result.offline).toBe(false);
      expect(result.heuristicSteps).toEqual({});
      // Per item: queries, ranking, reasons; and one prune call for the run.
      expect(result.usage.calls).toBe(5 + 5 + 5 + 1);
      expect(result.usage.inputTokens).toBeGreaterThan(0);

      const reasks = rankRequests.filter((r) =>
        r.lastMessageText.includes("Invalid rank_substitutes_by_value"),
      );
      expect(reasks).toHaveLength(1);

      const items = await harness.runsOf("tenant-llm").listItems(header.runId);
      const sweetPotato = items.find((item) => item.name.startsWith("batata doce auchan em cubos"));
      expect(sweetPotato?.queries).toMatchObject({
        primaryQuery: "batata doce cubos congelada",
        fallbackQueries: ["batata doce congelada", "legumes congelados cubos"],
      });
      expect(sweetPotato?.sources).toEqual({ queries: "llm", ranking: "llm", reasons: "llm" });
      // GenerateReasons (the seed's ReasonGenerator) wrote every candidate's reason.
      for (const candidate of sweetPotato?.recommendation?.candidates ?? []) {
        expect(candidate.reason).toBe(`Explicado pelo modelo (${candidate.productId})`);
      }
      expect(execution.steps.filter((step) => step.name === "GenerateReasons")).toHaveLength(5);
      // The model called everything strong; the bands and the price cap still hold in code.
      for (const candidate of sweetPotato?.recommendation?.candidates ?? []) {
        if (candidate.recommendation === "strong") expect(candidate.valueScore).toBeGreaterThan(0.8);
        expect(candidate.name).not.toMatch(/frita/);
      }
    },
    scaledTimeout(180_000),
  );
});
