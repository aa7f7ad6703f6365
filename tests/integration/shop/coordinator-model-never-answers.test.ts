import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTarpit } from "../../support/llm/hanging-providers";
import { type CoordinatorHarness, startCoordinatorHarness } from "../../support/shop/coordinator-harness";
import { scaledTimeout } from "../../support/test-timeouts";

/**
 * Issue 23 on the real parts: the coordinator with a provider that accepts every connection and never
 * answers (the official Anthropic SDK against the tarpit), every LLM setting at its default
 * (LLM_TIMEOUT_MS 60 s, two SDK retries). The model steps' Lambdas get 20 s here instead of 90 s: with
 * the 60 s call timeout alone every one of them would end in `Sandbox.Timedout`; only the step's model
 * deadline (its remaining time less the offline reserve) and the provider's breaker bring the run home.
 */
const MODEL_STEPS = ["ShopGenerateQueries", "ShopRankCandidates", "ShopGenerateReasons", "ShopPruneStock"];

const tarpit = useTarpit();
let harness: CoordinatorHarness;
/** The tarpit's connection count before and after each model step that follows the queries. */
const laterModelSteps: Array<{ id: string; before: number; after: number }> = [];
const LATER_MODEL_STEPS = ["ShopRankCandidates", "ShopGenerateReasons", "ShopPruneStock"];
/** When set, ScoutSlots meets a redesigned store (its selectors match nothing): a non-model failure. */
let breakScoutSlots = false;

beforeAll(async () => {
  harness = await startCoordinatorHarness(
    { LLM_PROVIDER: "anthropic", ANTHROPIC_BASE_URL: tarpit.url, ANTHROPIC_API_KEY: "test" },
    ["shop-coordinator"],
    {
      timeoutSeconds: (id) => (MODEL_STEPS.includes(id) ? 20 : undefined),
      wrapHandler: (id, handler) =>
        id === "ShopScoutSlots"
          ? async (event, context) => {
              if (breakScoutSlots) harness.store.setLayout("changed");
              try {
                return await handler(event, context);
              } finally {
                harness.store.setLayout("current");
              }
            }
          : LATER_MODEL_STEPS.includes(id)
            ? async (event, context) => {
                const before = tarpit.connections();
                try {
                  return await handler(event, context);
                } finally {
                  laterModelSteps.push({ id, before, after: tarpit.connections() });
                }
              }
            : undefined,
    },
  );
}, scaledTimeout(60_000));
afterAll(async () => {
  await harness?.close();
});

describe("the shop coordinator with a provider that never answers", () => {
  it(
    "ends succeeded with substitutes for all five items, every model step on its heuristic, flagged degraded",
    async () => {
      breakScoutSlots = false;
      laterModelSteps.length = 0;
      const householdId = harness.store.seedDemoHousehold();
      const { header, execution } = await harness.run("tenant-tarpit", householdId);
      expect(execution.status).toBe("SUCCEEDED");
      expect(header.status).toBe("succeeded");
      const result = header.result;
      if (!result) throw new Error("no result");
      expect(result.totalUnavailable).toBe(5);
      expect(result.totalWithSubstitutes).toBe(5);
      expect(result.failedItems).toEqual([]);
      expect(result.degraded).toBe(true);
      expect(result.offline).toBe(false);
      expect(result.heuristicSteps).toEqual({
        generate_search_query: 5,
        rank_substitutes_by_value: 5,
        explain_substitutes: 5,
        prune_stock: 1,
      });
      // Every model call failed; no step reached its Lambda's timeout.
      expect(result.usage.failedCalls).toBe(result.usage.calls);
      expect(execution.steps.filter((step) => step.name === "RecordItemFailure")).toEqual([]);
      // The first calls (the five items' queries, at once) met the tarpit; the breaker, opened by their
      // timeout, sent the ranking, the reasons and the prune straight to their heuristics: none of those
      // eleven steps opened a connection.
      expect(tarpit.connections()).toBeGreaterThan(0);
      expect(laterModelSteps).toHaveLength(11);
      for (const step of laterModelSteps) expect(step.after).toBe(step.before);
    },
    scaledTimeout(180_000),
  );

  it(
    "keeps every item already done when a later step fails for another reason: failed, with a partial result",
    async () => {
      breakScoutSlots = true;
      const householdId = harness.store.seedDemoHousehold();
      const { header, execution } = await harness.run("tenant-tarpit-fails", householdId);
      breakScoutSlots = false;
      expect(execution.status).toBe("FAILED");
      expect(header.status).toBe("failed");
      // The run names the documented code of the store step that broke (issue 49).
      expect(header.error?.code).toBe("store_page_changed");
      const result = header.result;
      if (!result) throw new Error("the failed run lost its items (result: null)");
      expect(result.partial).toBe(true);
      expect(result.totalUnavailable).toBe(5);
      expect(result.totalWithSubstitutes).toBe(5);
      expect(result.degraded).toBe(true);
      // PruneStock ran before ScoutSlots failed: its proposals are kept too.
      expect(result.heuristicSteps).toMatchObject({ generate_search_query: 5, prune_stock: 1 });
      expect(result.slots).toEqual([]);
    },
    scaledTimeout(180_000),
  );
});
