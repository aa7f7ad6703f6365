import { NotFoundError } from "../../../core/errors";
import type { ShopRunRepository } from "../ports/shop-run-repository";
import { composeRunResult } from "../run-result";
import type { SaveRunEvent } from "../run-step-events";

/**
 * SaveRun: the run's result from its item records, BuildCart's lines (kept with the run) and the other
 * steps, in DynamoDB; the run succeeded.
 */
export const saveRunResult = async (
  deps: { runs: ShopRunRepository; now: () => Date },
  args: Pick<SaveRunEvent, "runId" | "prune" | "slots">,
) => {
  const { runId, prune, slots } = args;
  const [items, context] = [await deps.runs.listItems(runId), await deps.runs.getRunContext(runId)];
  const result = composeRunResult({
    items,
    cartAdditions: context.cartAdditions ?? [],
    ...(context.planNotAdded ? { planNotAdded: context.planNotAdded } : {}),
    ...("skipped" in prune ? {} : { prune }),
    ...("skipped" in slots ? {} : { slots }),
  });
  const saved = await deps.runs.updateRun(runId, (header) => ({
    ...header,
    status: "succeeded",
    endedAt: deps.now().toISOString(),
    itemsTotal: items.length,
    result,
  }));
  if (!saved) throw new NotFoundError(`No run ${runId}`, { code: "shop_run_not_found" });
  return {
    runId,
    status: "succeeded" as const,
    totalUnavailable: result.totalUnavailable,
    totalWithSubstitutes: result.totalWithSubstitutes,
  };
};
