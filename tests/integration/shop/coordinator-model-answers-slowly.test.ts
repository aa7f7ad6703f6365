import { describe, expect, it } from "vitest";
import { buildHeuristicQueries } from "../../../functions/shop/domain/substitution/query-generator";
import { productIdsIn, useCoordinatorOnFakeModel } from "../../support/shop/coordinator-on-fake-model";
import { scaledTimeout } from "../../support/test-timeouts";

/**
 * Issue 23 on the real parts, the other slowness: a provider that answers every call correctly, but only
 * after 20 s (the official OpenAI SDK against the fake LLM server), every setting and Lambda timeout at
 * its default. Each item's model steps share one model window from its GenerateQueries, PruneStock has
 * its own: the steps past their window answer by heuristics, so the run ends succeeded, degraded, with
 * every item's substitutes, instead of waiting 20 s per step in a row.
 */
const PROVIDER_DELAY_MS = 20_000;

const slowly = (name: string, args: unknown) => ({
  reply: { toolCalls: [{ name, arguments: args }], usage: { inputTokens: 300, outputTokens: 80 } },
  delayMs: PROVIDER_DELAY_MS,
});

const harness = useCoordinatorOnFakeModel({
  generate_search_query: (request) => {
    const name = request.lastMessageText.match(/name: (.+)/)?.[1]?.trim() ?? "";
    return slowly("generate_search_query", {
      ...buildHeuristicQueries({ productName: name }),
      reasoning: "x",
    });
  },
  rank_substitutes_by_value: (request) =>
    slowly("rank_substitutes_by_value", {
      rankings: productIdsIn(request).map((productId, index) => ({
        productId,
        rank: index + 1,
        valueScore: Math.max(0.1, 0.9 - index * 0.1),
        brandPreference: "store",
        recommendation: "strong",
        reason: "Marca Auchan, bom €/kg",
      })),
      summary: "Marca própria primeiro.",
    }),
  explain_substitutes: (request) =>
    slowly("explain_substitutes", {
      reasons: productIdsIn(request).map((productId) => ({ productId, reason: "Explicado" })),
    }),
  prune_stock: () => slowly("prune_stock", { proposals: [] }),
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
