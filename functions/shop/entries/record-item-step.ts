import { parseOrThrow } from "../../core/validation";
import { itemEventSchema, queriesStepOutputSchema, rankStepOutputSchema } from "../domain/run-step-events";
import { addUsage, emptyUsage } from "../domain/shop-run";
import { originalItemFromCartLine, recommendationFor } from "../domain/substitution-worker";
import { runRepositoryFor } from "../wiring/step-table";

const eventSchema = itemEventSchema.extend({
  // null until the state that fills them ran (the Map's ItemSelector starts them so).
  queries: queriesStepOutputSchema.nullable(),
  ranked: rankStepOutputSchema.nullable(),
});

/**
 * Map item, last step: the item's recommendation with its reasons, written to the run (one record per
 * item, so items never race). Answers a small summary: the Map's result stays far below 256 KiB.
 */
export const handler = async (event: unknown) => {
  const { tenant, runId, item, policy, queries, ranked } = parseOrThrow(
    eventSchema,
    event,
    "RecordItem event",
  );
  const original = originalItemFromCartLine(item);
  const recommendation = recommendationFor(
    original,
    ranked ?? undefined,
    policy.policy === "no_substitute" ? "The household asked for no substitute" : undefined,
  );
  await runRepositoryFor(tenant).saveItem(runId, {
    productId: item.productId,
    name: item.name,
    status: recommendation.status,
    recommendation,
    ...(queries ? { queries: queries.queries } : {}),
    sources: {
      ...(queries ? { queries: queries.source } : {}),
      ...(ranked ? { ranking: ranked.source } : {}),
      ...(ranked?.reasonsSource ? { reasons: ranked.reasonsSource } : {}),
    },
    removed: ranked?.removed ?? [],
    usage: addUsage(queries?.usage ?? emptyUsage(), ranked?.usage ?? emptyUsage()),
  });
  return {
    productId: item.productId,
    status: recommendation.status,
    candidates: recommendation.candidates.length,
  };
};
