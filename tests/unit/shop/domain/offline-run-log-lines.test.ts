import { describe, expect, it } from "vitest";
import { LlmUnavailable } from "../../../../functions/core/llm/llm-errors";
import { createUnavailableLlm } from "../../../../functions/core/llm/unavailable-llm";
import type { RunHeader, RunItem } from "../../../../functions/shop/domain/runs/shop-run";
import { emptyUsage } from "../../../../functions/shop/domain/runs/shop-run";
import { SEED_BRAND_TIERS } from "../../../../functions/shop/domain/substitution/brand-tiers";
import { generateSearchQueries } from "../../../../functions/shop/domain/substitution/query-generator";
import { saveRunStep } from "../../../../functions/shop/domain/use-cases/save-run-step";
import { RecordingCoordinatorLogger } from "../../../support/shop/coordinator-fixtures";
import { createInMemoryShopRunRepository } from "../../../support/shop/in-memory-shop-run-repository";

/**
 * Offline (LLM_PROVIDER=none, the documented default) is no failure: the heuristic steps are logged once
 * per run at INFO by SaveRun, never as a WARN per item; a WARN is for a configured provider that failed.
 */
const input = { productName: "leite meio gordo 1l", productCategory: "leite", brands: [] };

describe("heuristic steps in the logs", () => {
  it("offline, a step answered by its heuristic logs no warning", async () => {
    const logger = new RecordingCoordinatorLogger();
    await generateSearchQueries(
      { llm: createUnavailableLlm("LLM_PROVIDER=none"), logger, tiers: SEED_BRAND_TIERS },
      input,
    );
    expect(logger.messages("warn")).toEqual([]);
  });

  it("a configured provider that failed is a warning naming the failure", async () => {
    const logger = new RecordingCoordinatorLogger();
    const failing = createUnavailableLlm("x");
    await generateSearchQueries(
      {
        llm: {
          ...failing,
          structured: async () => {
            throw new LlmUnavailable("The provider is down", { code: "llm_unavailable" });
          },
        },
        logger,
        tiers: SEED_BRAND_TIERS,
      },
      input,
    );
    expect(logger.messages("warn")).toEqual(["LLM query generation failed, using heuristic"]);
  });

  it("SaveRun logs an offline run's heuristic steps once, at INFO", async () => {
    const runs = createInMemoryShopRunRepository();
    const header: RunHeader = {
      runId: "run-1",
      status: "running",
      startedAt: "2026-01-01T10:00:00.000Z",
      householdId: "hh_1",
      options: { maxConcurrency: 20, skipPrune: true, skipSlots: true },
    };
    await runs.createRun(header);
    const offlineCall = { ...emptyUsage(), calls: 1, offlineCalls: 1 };
    for (const productId of ["1", "2", "3"]) {
      const item: RunItem = {
        productId,
        name: `item ${productId}`,
        status: "no_substitutes",
        sources: { queries: "heuristic" },
        removed: [],
        usage: offlineCall,
      };
      await runs.saveItem("run-1", item);
    }
    const logger = new RecordingCoordinatorLogger();
    await saveRunStep(
      { runs, now: () => new Date(), logger },
      { runId: "run-1", prune: { skipped: true }, slots: { skipped: true } },
    );
    expect(logger.records).toEqual([
      {
        level: "info",
        message: "Run answered offline: its model steps used their heuristics (LLM_PROVIDER=none)",
        extra: { runId: "run-1", heuristicSteps: { generate_search_query: 3 } },
      },
    ]);
  });
});
