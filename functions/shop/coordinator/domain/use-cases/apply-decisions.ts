import { ConflictError, DomainRefusedError, NotFoundError } from "../../../../core/errors";
import type { Decision } from "../decision";
import type { RecordedDecision, RunHeader } from "../shop-run";
import type { ShopRunRepository } from "../shop-run-repository";
import type { StoreToolsPort } from "../store-tools-port";

export interface DecisionOutcome {
  decision: Decision;
  outcome: "applied" | "recorded" | "failed";
  changes: Array<{ change: "added" | "removed"; productId: string; quantity?: number }>;
  error?: string;
}

type Planned =
  | { kind: "substitute"; decision: Decision; originalId: string; substituteId: string; quantity: number }
  | { kind: "prune"; decision: Decision; productId: string }
  | { kind: "record"; decision: Decision; productId: string };

/** A quantity the substitute can take: whole units unless it is sold by weight (kept as is then). */
const substituteQuantity = (quantity: number, soldByWeight: boolean): number =>
  soldByWeight ? quantity : Math.max(1, Math.ceil(quantity));

/**
 * Checks every decision against what the run recommended before touching the cart: a decision on a
 * product the run did not recommend is refused (422) and nothing is applied. Then applies the accepted
 * ones through the store tools (add the substitute and remove the original; remove a pruned line), one
 * at a time, and answers what changed; a store failure stops nothing else and is reported per decision.
 */
export const applyDecisions = async (
  deps: {
    runs: ShopRunRepository;
    store: () => Promise<StoreToolsPort & { close(): Promise<void> }>;
    now: () => Date;
  },
  args: { runId: string; decisions: Decision[] },
): Promise<{ runId: string; results: DecisionOutcome[] }> => {
  const header = await deps.runs.getRun(args.runId);
  if (!header) throw new NotFoundError(`No shop run ${args.runId}`, { code: "shop_run_not_found" });
  if (header.status !== "succeeded" || !header.result) {
    throw new ConflictError(`Run ${args.runId} is ${header.status}: decisions wait for a succeeded run`, {
      code: "shop_run_not_finished",
      details: { status: header.status },
    });
  }
  const result = header.result;
  const refusals: Array<{ path: string; message: string }> = [];
  const planned: Planned[] = args.decisions.map((decision, index): Planned => {
    if ("pruneProductId" in decision) {
      if (!result.pruned.some((p) => p.productId === decision.pruneProductId)) {
        refusals.push({
          path: `decisions.${index}.pruneProductId`,
          message: "the run did not propose removing this product",
        });
      }
      return decision.action === "remove"
        ? { kind: "prune", decision, productId: decision.pruneProductId }
        : { kind: "record", decision, productId: decision.pruneProductId };
    }
    const substitution = result.substitutions.find(
      (s) => s.originalItem.productId === decision.originalProductId,
    );
    if (!substitution) {
      refusals.push({
        path: `decisions.${index}.originalProductId`,
        message: "not an unavailable item of this run",
      });
      return { kind: "record", decision, productId: decision.originalProductId };
    }
    if (decision.action === "reject")
      return { kind: "record", decision, productId: decision.originalProductId };
    const chosen = decision.productId
      ? substitution.candidates.find((c) => c.productId === decision.productId)
      : substitution.candidates[0];
    if (!chosen) {
      refusals.push({
        path: `decisions.${index}.productId`,
        message: decision.productId
          ? "the run did not recommend this product for this item"
          : "the run has no substitute for this item",
      });
      return { kind: "record", decision, productId: decision.originalProductId };
    }
    const soldByWeight =
      /€\s*\/\s*kg/i.test(chosen.pricePerUnit ?? "") && !/\d\s*(k?g|l|ml)\b/i.test(chosen.name);
    return {
      kind: "substitute",
      decision,
      originalId: decision.originalProductId,
      substituteId: chosen.productId,
      quantity: substituteQuantity(substitution.originalItem.quantity, soldByWeight),
    };
  });
  if (refusals.length > 0) {
    throw new DomainRefusedError(
      "Some decisions name products this run did not recommend; nothing was applied",
      {
        code: "decision_not_recommended",
        details: { issues: refusals },
      },
    );
  }

  const results: DecisionOutcome[] = [];
  const needsStore = planned.some((p) => p.kind !== "record");
  const store = needsStore ? await deps.store() : undefined;
  try {
    for (const plan of planned) {
      const changes: DecisionOutcome["changes"] = [];
      try {
        if (plan.kind === "substitute" && store) {
          await store.addToCart(plan.substituteId, plan.quantity);
          changes.push({ change: "added", productId: plan.substituteId, quantity: plan.quantity });
          await store.removeFromCart(plan.originalId);
          changes.push({ change: "removed", productId: plan.originalId });
        } else if (plan.kind === "prune" && store) {
          await store.removeFromCart(plan.productId);
          changes.push({ change: "removed", productId: plan.productId });
        }
        results.push({
          decision: plan.decision,
          outcome: plan.kind === "record" ? "recorded" : "applied",
          changes,
        });
      } catch (error) {
        results.push({
          decision: plan.decision,
          outcome: "failed",
          changes,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  } finally {
    await store?.close();
  }

  const decidedAt = deps.now().toISOString();
  const recorded: RecordedDecision[] = results.map((r, index) => {
    const plan = planned[index] as Planned;
    return {
      kind: "pruneProductId" in r.decision ? "prune" : "substitution",
      productId: plan.kind === "substitute" ? plan.originalId : plan.productId,
      action: r.decision.action,
      ...(plan.kind === "substitute" ? { substituteId: plan.substituteId } : {}),
      outcome: r.outcome,
      ...(r.error ? { error: r.error } : {}),
      decidedAt,
    };
  });
  await deps.runs.updateRun(args.runId, (current: RunHeader) => ({
    ...current,
    decisions: [...(current.decisions ?? []), ...recorded].slice(-500),
  }));
  return { runId: args.runId, results };
};
