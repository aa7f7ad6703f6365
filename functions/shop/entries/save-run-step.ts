import { z } from "zod";
import { NotFoundError } from "../../core/errors";
import { parseOrThrow } from "../../core/validation";
import { coordinatorSlotSchema } from "../domain/ports/store-tools-port";
import { composeRunResult } from "../domain/run-result";
import { buildCartOutputSchema, runKeysSchema } from "../domain/run-step-events";
import { runUsageSchema } from "../domain/shop-run";
import { slotRecommendationSchema } from "../domain/slot-scout";
import { pruneProposalSchema } from "../domain/stock-pruner";
import { runRepositoryFor } from "../wiring/step-table";

/** What the workflow's StartRun state leaves for a step the run's options skipped. */
const skipped = z.object({ skipped: z.literal(true) });

const eventSchema = runKeysSchema.extend({
  buildCart: buildCartOutputSchema,
  prune: z.union([
    z.object({
      value: z.array(pruneProposalSchema),
      source: z.enum(["llm", "heuristic"]),
      usage: runUsageSchema,
    }),
    skipped,
  ]),
  slots: z.union([
    z.object({ slots: z.array(coordinatorSlotSchema), recommendation: slotRecommendationSchema }),
    skipped,
  ]),
});

/** SaveRun: the run's result from its item records and the other steps, in DynamoDB; the run succeeded. */
export const handler = async (event: unknown) => {
  const { tenant, runId, buildCart, prune, slots } = parseOrThrow(eventSchema, event, "SaveRun event");
  const runs = runRepositoryFor(tenant);
  const items = await runs.listItems(runId);
  const result = composeRunResult({
    items,
    cartAdditions: buildCart.cartAdditions,
    ...(buildCart.planNotAdded ? { planNotAdded: buildCart.planNotAdded } : {}),
    ...("skipped" in prune ? {} : { prune }),
    ...("skipped" in slots ? {} : { slots }),
  });
  const saved = await runs.updateRun(runId, (header) => ({
    ...header,
    status: "succeeded",
    endedAt: new Date().toISOString(),
    itemsTotal: items.length,
    result,
  }));
  if (!saved) throw new NotFoundError(`No run ${runId}`, { code: "shop_run_not_found" });
  return {
    runId,
    status: "succeeded",
    totalUnavailable: result.totalUnavailable,
    totalWithSubstitutes: result.totalWithSubstitutes,
  };
};
