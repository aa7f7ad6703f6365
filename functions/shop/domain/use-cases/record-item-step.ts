import type { ShopRunRepository } from "../ports/shop-run-repository";
import type { ItemEvent, QueriesStepOutput, RankStepOutput } from "../runs/run-step-events";
import { addUsage, emptyUsage } from "../runs/shop-run";
import { originalItemFromCartLine, recommendationFor } from "../substitution/substitution-worker";

/**
 * Map item, last step: the item's recommendation with its reasons, written to the run (one record per
 * item, so items never race). Answers a small summary: the Map's result stays far below 256 KiB.
 */
export const recordItemStep = async (
  deps: { runs: ShopRunRepository },
  args: Pick<ItemEvent, "runId" | "item" | "policy"> & {
    queries: QueriesStepOutput | null;
    ranked: RankStepOutput | null;
  },
) => {
  const { runId, item, policy, queries, ranked } = args;
  const recommendation = recommendationFor(
    originalItemFromCartLine(item),
    ranked ?? undefined,
    policy.policy === "no_substitute" ? "The household asked for no substitute" : undefined,
  );
  await deps.runs.saveItem(runId, {
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
