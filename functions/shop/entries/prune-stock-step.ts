import type { Context } from "aws-lambda";
import { parseOrThrow } from "../../core/validation";
import { runKeysSchema } from "../domain/runs/run-step-events";
import { pruneStockForRun } from "../domain/use-cases/prune-stock";
import { stepLogger } from "../wiring/step-logger";
import { PRUNE_MODEL_WINDOW_MS, withStepScope } from "../wiring/step-scope";
import { runRepositoryFor } from "../wiring/step-table";

/** PruneStock: the StockPruner on the cart and orders kept with the run (no store session). */
export const handler = async (event: unknown, context: Context) => {
  const { tenant, runId } = parseOrThrow(runKeysSchema, event, "PruneStock event");
  return withStepScope(
    context,
    { name: "PruneStock", tenant, windowEndsAt: Date.now() + PRUNE_MODEL_WINDOW_MS },
    async ({ llm, runUsage }) => {
      const outcome = await pruneStockForRun(
        { runs: runRepositoryFor(tenant), llm, logger: stepLogger, now: () => new Date() },
        { runId },
      );
      return { value: outcome.proposals, source: outcome.source, usage: runUsage() };
    },
  );
};
