import { ConflictError, DomainRefusedError, NotFoundError } from "../../../core/errors";
import type { Decision } from "../decision";
import type { ShopRunRepository } from "../ports/shop-run-repository";
import type { StoreToolsPort } from "../ports/store-tools-port";
import type { RecordedDecision, RunHeader } from "../shop-run";
import { substituteQuantity } from "../substitute-quantity";

export interface DecisionOutcome {
  decision: Decision;
  outcome: "applied" | "recorded" | "failed";
  changes: Array<{ change: "added" | "removed"; productId: string; quantity?: number; reason?: string }>;
  error?: string;
  /** Set when this decision repeats one already made on the run: nothing was changed again (`changes: []`). */
  alreadyDecidedAt?: string;
}

type Planned =
  | {
      kind: "substitute";
      decision: Decision;
      originalId: string;
      substituteId: string;
      quantity: number;
      reason: string;
    }
  | { kind: "prune"; decision: Decision; productId: string }
  | { kind: "record"; decision: Decision; productId: string }
  | { kind: "repeat"; decision: Decision; earlier: RecordedDecision };

const decisionKind = (decision: Decision): RecordedDecision["kind"] =>
  "pruneProductId" in decision ? "prune" : "substitution";
const decidedProductId = (decision: Decision): string =>
  "pruneProductId" in decision ? decision.pruneProductId : decision.originalProductId;

/**
 * Checks every decision against what the run recommended before touching the cart: a decision on a
 * product the run did not recommend is refused (422) and nothing is applied. Then applies the accepted
 * ones through the store tools (add the substitute and remove the original; remove a pruned line), one
 * at a time, and answers what changed; a store failure stops nothing else and is reported per decision.
 *
 * Idempotent per product: a decision the run already settled (applied or recorded, not failed) with the
 * same action and substitute is answered with that earlier outcome, `changes: []` and `alreadyDecidedAt`,
 * and the store is not touched; a different decision on a product whose earlier one changed the cart is a
 * 409 `decision_already_made` (a reject or keep, which changed nothing, may still be changed). Two
 * decisions on one product in one request are a 422 `decision_duplicated`.
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
  const duplicates: Array<{ path: string; message: string }> = [];
  const conflicts: Array<{ path: string; message: string; earlier: RecordedDecision }> = [];
  const seen = new Set<string>();
  args.decisions.forEach((decision, index) => {
    const key = `${decisionKind(decision)}#${decidedProductId(decision)}`;
    if (seen.has(key)) {
      duplicates.push({
        path: `decisions.${index}`,
        message: "this product is already decided in this request",
      });
    }
    seen.add(key);
  });
  if (duplicates.length > 0) {
    throw new DomainRefusedError("A product is decided twice in one request; nothing was applied", {
      code: "decision_duplicated",
      details: { issues: duplicates },
    });
  }
  /** The run's settled decision on the product (the latest that did not fail), if any. */
  const settled = (decision: Decision): RecordedDecision | undefined =>
    (header.decisions ?? []).findLast(
      (d) =>
        d.kind === decisionKind(decision) &&
        d.productId === decidedProductId(decision) &&
        d.outcome !== "failed",
    );
  const planned: Planned[] = args.decisions.map((decision, index): Planned => {
    const fresh = planDecision(decision, index);
    const earlier = settled(decision);
    if (!earlier) return fresh;
    const substituteId = fresh.kind === "substitute" ? fresh.substituteId : undefined;
    if (earlier.action === decision.action && earlier.substituteId === substituteId) {
      return { kind: "repeat", decision, earlier };
    }
    if (earlier.outcome === "applied") {
      conflicts.push({
        path: `decisions.${index}`,
        message: `already decided: ${earlier.action}${earlier.substituteId ? ` ${earlier.substituteId}` : ""}`,
        earlier,
      });
    }
    return fresh;
  });
  function planDecision(decision: Decision, index: number): Planned {
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
    // The substitute covers the original's amount (2 × 400 g → one 1 kg pack), not its count.
    const { quantity, explanation } = substituteQuantity(substitution.originalItem, chosen);
    return {
      kind: "substitute",
      decision,
      originalId: decision.originalProductId,
      substituteId: chosen.productId,
      quantity,
      reason: explanation,
    };
  }
  if (refusals.length > 0) {
    throw new DomainRefusedError(
      "Some decisions name products this run did not recommend; nothing was applied",
      {
        code: "decision_not_recommended",
        details: { issues: refusals },
      },
    );
  }
  if (conflicts.length > 0) {
    throw new ConflictError(
      "Some decisions differ from ones already applied to the cart; nothing was applied",
      {
        code: "decision_already_made",
        details: {
          issues: conflicts.map(({ path, message, earlier }) => ({
            path,
            message,
            decidedAt: earlier.decidedAt,
          })),
        },
      },
    );
  }

  const results: DecisionOutcome[] = [];
  const needsStore = planned.some((p) => p.kind === "substitute" || p.kind === "prune");
  const store = needsStore ? await deps.store() : undefined;
  try {
    for (const plan of planned) {
      const changes: DecisionOutcome["changes"] = [];
      if (plan.kind === "repeat") {
        results.push({
          decision: plan.decision,
          outcome: plan.earlier.outcome,
          changes,
          alreadyDecidedAt: plan.earlier.decidedAt,
        });
        continue;
      }
      try {
        if (plan.kind === "substitute" && store) {
          await store.addToCart(plan.substituteId, plan.quantity);
          changes.push({
            change: "added",
            productId: plan.substituteId,
            quantity: plan.quantity,
            reason: plan.reason,
          });
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
  // A repeat changed nothing and is not recorded again.
  const recorded: RecordedDecision[] = results.flatMap((r, index): RecordedDecision[] => {
    const plan = planned[index] as Planned;
    if (plan.kind === "repeat") return [];
    return [
      {
        kind: "pruneProductId" in r.decision ? "prune" : "substitution",
        productId: plan.kind === "substitute" ? plan.originalId : plan.productId,
        action: r.decision.action,
        ...(plan.kind === "substitute" ? { substituteId: plan.substituteId } : {}),
        outcome: r.outcome,
        ...(r.error ? { error: r.error } : {}),
        decidedAt,
      },
    ];
  });
  if (recorded.length === 0) return { runId: args.runId, results };
  await deps.runs.updateRun(args.runId, (current: RunHeader) => ({
    ...current,
    decisions: [...(current.decisions ?? []), ...recorded].slice(-500),
  }));
  return { runId: args.runId, results };
};
