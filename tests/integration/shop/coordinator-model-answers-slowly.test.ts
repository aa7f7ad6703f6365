import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeLlmServer, routeByToolName, startFakeLlmServer } from "../../../dev/fake-llm";
import type { FakeLlmRequest } from "../../../dev/fake-llm/fake-llm-script";
import { buildHeuristicQueries } from "../../../functions/shop/domain/substitution/query-generator";
import { type CoordinatorHarness, startCoordinatorHarness } from "../../support/shop/coordinator-harness";
import { scaledTimeout } from "../../support/test-timeouts";

/**
 * Issue 23 on the real parts, the other slowness: a provider that answers every call correctly, but only
 * after 20 s (the official OpenAI SDK against the fake LLM server), every setting and Lambda timeout at
 * its default. Each item's model steps share one model window from its GenerateQueries, PruneStock has
 * its own: the steps past their window answer by heuristics, so the run ends succeeded, degraded, with
 * every item's substitutes, instead of waiting 20 s per step in a row.
 */
const PROVIDER_DELAY_MS = 20_000;

let harness: CoordinatorHarness;
let llmServer: FakeLlmServer;

const slowly = (name: string, args: unknown) => ({
  reply: { toolCalls: [{ name, arguments: args }], usage: { inputTokens: 300, outputTokens: 80 } },
  delayMs: PROVIDER_DELAY_MS,
});
const productIdsIn = (request: FakeLlmRequest) => [
  ...new Set([...JSON.stringify(request.body).matchAll(/productId: (\d+)/g)].map((m) => m[1] ?? "")),
];

beforeAll(async () => {
  llmServer = await startFakeLlmServer({
    script: routeByToolName({}, (request) => {
      if (request.forcedToolName === "generate_search_query") {
        const name = request.lastMessageText.match(/name: (.+)/)?.[1]?.trim() ?? "";
        return slowly("generate_search_query", {
          ...buildHeuristicQueries({ productName: name }),
          reasoning: "x",
        });
      }
      if (request.forcedToolName === "rank_substitutes_by_value") {
        return slowly("rank_substitutes_by_value", {
          rankings: productIdsIn(request).map((productId, index) => ({
            productId,
            rank: index + 1,
            valueScore: Math.max(0.1, 0.9 - index * 0.1),
            brandPreference: "store",
            recommendation: "strong",
            reason: "Marca Auchan, bom €/kg",
          })),
          summary: "Marca própria primeiro.",
        });
      }
      if (request.forcedToolName === "explain_substitutes") {
        return slowly("explain_substitutes", {
          reasons: productIdsIn(request).map((productId) => ({ productId, reason: "Explicado" })),
        });
      }
      return slowly("prune_stock", { proposals: [] });
    }),
  });
  harness = await startCoordinatorHarness({
    LLM_PROVIDER: "openai",
    OPENAI_BASE_URL: llmServer.openaiBaseUrl,
    OPENAI_API_KEY: "test",
  });
}, scaledTimeout(60_000));
afterAll(async () => {
  await harness?.close();
  await llmServer?.close();
});

describe("the shop coordinator with a provider that answers after 20 s", () => {
  it(
    "ends succeeded with substitutes for all five items: the model's queries, the steps past the item's window on heuristics",
    async () => {
      const householdId = harness.store.seedDemoHousehold();
      const { header, execution } = await harness.run("tenant-slow-model", householdId);
      expect(execution.status).toBe("SUCCEEDED");
      expect(header.status).toBe("succeeded");
      const result = header.result;
      if (!result) throw new Error("no result");
      expect(result.totalUnavailable).toBe(5);
      expect(result.totalWithSubstitutes).toBe(5);
      expect(result.failedItems).toEqual([]);
      expect(execution.steps.filter((step) => step.name === "RecordItemFailure")).toEqual([]);
      // The queries came from the model (20 s, inside the window); the reasons, a third 20 s call after a
      // second one, never fit the item's window; PruneStock's window is shorter than one call.
      const items = await harness.runsOf("tenant-slow-model").listItems(header.runId);
      expect(items.map((item) => item.sources.queries)).toEqual(["llm", "llm", "llm", "llm", "llm"]);
      expect(result.degraded).toBe(true);
      expect(result.offline).toBe(false);
      expect(result.heuristicSteps).toMatchObject({ explain_substitutes: 5, prune_stock: 1 });
    },
    scaledTimeout(240_000),
  );
});
