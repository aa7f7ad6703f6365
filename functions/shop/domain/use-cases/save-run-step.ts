import { NotFoundError } from "../../../core/errors";
import type { LoggerPort } from "../../../core/logger-port";
import type { ShopRunRepository } from "../ports/shop-run-repository";
import { openDecisionCount } from "../runs/open-decisions";
import { composeRunResult } from "../runs/run-result";
import type { SaveRunEvent } from "../runs/run-step-events";
import type { RunItem, RunResult } from "../runs/shop-run";

/**
 * The run's result from what its steps wrote: the item records, BuildCart's lines (kept with the run) and
 * PruneStock's and ScoutSlots' outcomes where they ran. SaveRun composes it for a run that succeeded,
 * MarkRunFailed for one that failed part way (whatever was done until then).
 */
export const resultFromRecords = async (
  runs: Pick<ShopRunRepository, "listItems" | "getRunContext">,
  args: { runId: string } & Partial<Pick<SaveRunEvent, "prune" | "slots">>,
): Promise<{ items: RunItem[]; result: RunResult; cartRead: boolean }> => {
  const { runId, prune, slots } = args;
  const [items, context] = [await runs.listItems(runId), await runs.getRunContext(runId)];
  const result = composeRunResult({
    items,
    cartAdditions: context.cartAdditions ?? [],
    ...(context.planNotAdded ? { planNotAdded: context.planNotAdded } : {}),
    ...(prune && !("skipped" in prune) ? { prune } : {}),
    ...(slots && !("skipped" in slots) ? { slots } : {}),
  });
  // ScanCart keeps the cart it read with the run: without it, nothing of the cart was checked.
  return { items, result, cartRead: context.cart !== undefined };
};

/**
 * SaveRun: the run's result from its item records, BuildCart's lines (kept with the run) and the other
 * steps, in DynamoDB; the run succeeded.
 */
export const saveRunStep = async (
  deps: { runs: ShopRunRepository; now: () => Date; logger?: LoggerPort },
  args: Pick<SaveRunEvent, "runId" | "prune" | "slots">,
) => {
  const { runId } = args;
  const { items, result } = await resultFromRecords(deps.runs, args);
  const saved = await deps.runs.updateRun(runId, (header) => ({
    ...header,
    status: "succeeded",
    endedAt: deps.now().toISOString(),
    itemsTotal: items.length,
    result,
  }));
  if (!saved) throw new NotFoundError(`No run ${runId}`, { code: "shop_run_not_found" });
  // Once per run: which steps answered by their heuristics. Offline that is the documented default (INFO);
  // with a configured model each failed call was a WARN already, and this sums them up.
  const { heuristicSteps } = result;
  if (Object.keys(heuristicSteps).length > 0) {
    if (result.offline) {
      deps.logger?.info("Run answered offline: its model steps used their heuristics (LLM_PROVIDER=none)", {
        runId,
        heuristicSteps,
      });
    } else {
      deps.logger?.warn("Run degraded: some model steps failed and used their heuristics", {
        runId,
        heuristicSteps,
      });
    }
  }
  return {
    runId,
    status: "succeeded" as const,
    totalUnavailable: result.totalUnavailable,
    totalWithSubstitutes: result.totalWithSubstitutes,
    // What the workflow's shop.run.succeeded event announces (docs/events/shop.run.succeeded.v1.json).
    counts: {
      unavailable: result.totalUnavailable,
      withSubstitutes: result.totalWithSubstitutes,
      pruned: result.pruned.length,
      cartAdditions: result.cartAdditions.length,
      failedItems: result.failedItems.length,
    },
    awaitingDecisions: openDecisionCount(saved),
    degraded: result.degraded,
  };
};
