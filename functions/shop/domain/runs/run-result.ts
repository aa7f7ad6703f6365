import type { StepSource } from "../heuristic-fallback";
import type { CartAddition, PlanIngredientNotAdded } from "../plan-to-cart/cart-builder";
import type { PruneProposal } from "../pruning/stock-pruner";
import type { SlotRecommendation } from "../slots/slot-scout";
import type { CoordinatorSlot } from "../store-shapes";
import { summarizeSubstitutions } from "../substitution/substitution-worker";
import { addUsage, emptyUsage, type RunItem, type RunResult, type RunUsage } from "./shop-run";

/** A Step Functions error Cause is often the Lambda's JSON error document: keep its message only. */
export const readableCause = (cause: string | undefined): string => {
  if (!cause) return "";
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: unknown };
    if (typeof parsed.errorMessage === "string") return parsed.errorMessage.slice(0, 500);
  } catch {
    // Not JSON: the cause is plain text.
  }
  return cause.slice(0, 500);
};

export interface StepOutcome<T> {
  value: T;
  source: StepSource;
  usage: RunUsage;
}

/**
 * The run's result from its item records and the other steps: the seed's SubstitutionResult (failed
 * items count as unavailable without substitutes), what BuildCart added, the prune proposals, the slots
 * and the recommended one, the LLM usage, and which steps ran on heuristics.
 */
export const composeRunResult = (args: {
  items: readonly RunItem[];
  cartAdditions: CartAddition[];
  planNotAdded?: PlanIngredientNotAdded[];
  prune?: StepOutcome<PruneProposal[]>;
  slots?: { slots: CoordinatorSlot[]; recommendation: SlotRecommendation };
}): RunResult => {
  const recommendations = args.items.flatMap((item) => (item.recommendation ? [item.recommendation] : []));
  const failed = args.items.filter((item) => item.status === "failed");
  const base = summarizeSubstitutions(recommendations);
  const heuristicSteps: Record<string, number> = {};
  const count = (step: string) => {
    heuristicSteps[step] = (heuristicSteps[step] ?? 0) + 1;
  };
  let usage = emptyUsage();
  for (const item of args.items) {
    if (item.sources.queries === "heuristic") count("generate_search_query");
    if (item.sources.ranking === "heuristic") count("rank_substitutes_by_value");
    if (item.sources.reasons === "heuristic") count("explain_substitutes");
    usage = addUsage(usage, item.usage);
  }
  if (args.prune) {
    if (args.prune.source === "heuristic") count("prune_stock");
    usage = addUsage(usage, args.prune.usage);
  }
  const totalUnavailable = base.totalUnavailable + failed.length;
  const offline = usage.calls > 0 && usage.offlineCalls === usage.calls;
  return {
    ...base,
    summary:
      totalUnavailable === 0
        ? base.summary
        : `${base.totalWithSubstitutes} of ${totalUnavailable} unavailable items have substitutes${failed.length > 0 ? ` (${failed.length} failed)` : ""}`,
    totalUnavailable,
    failedItems: failed.map((item) => ({
      productId: item.productId,
      name: item.name,
      error: item.failure?.error ?? "Error",
      cause: item.failure?.cause ?? "",
    })),
    cartAdditions: args.cartAdditions,
    ...(args.planNotAdded ? { planIngredientsNotAdded: args.planNotAdded } : {}),
    pruned: args.prune?.value ?? [],
    slots: args.slots?.slots ?? [],
    ...(args.slots ? { recommendedSlot: args.slots.recommendation } : {}),
    usage,
    heuristicSteps,
    offline,
    degraded: !offline && Object.keys(heuristicSteps).length > 0,
  };
};
