import { createHash } from "node:crypto";
import { ConflictError, DomainRefusedError, isLarderError, NotFoundError } from "../../../core/errors";
import type { EventPublisher } from "../../../core/events/event-publisher-port";
import { choiceExpiry, type SubstitutionChoice } from "../choices/substitution-choice";
import { substituteQuantity } from "../packs/substitute-quantity";
import type { ShopRunRepository } from "../ports/shop-run-repository";
import type { StoreToolsPort } from "../ports/store-tools-port";
import type { SubstitutionChoiceStore } from "../ports/substitution-choice-store";
import type { Decision } from "../runs/decision";
import {
  awaitClaim,
  claimDecisions,
  decidedProductId,
  decisionKind,
  type Planned,
  substituteOf,
  type Verdict,
} from "../runs/decision-claim";
import { openDecisionCount } from "../runs/open-decisions";
import { STORE_ACCOUNT_CODES } from "../runs/run-error-codes";
import type { DecisionFailureCode, RecordedDecision, RunHeader } from "../runs/shop-run";

export { DECISION_CLAIM_LEASE_MS } from "../runs/decision-claim";

export interface DecisionOutcome {
  decision: Decision;
  outcome: "applied" | "recorded" | "failed";
  changes: Array<{ change: "added" | "removed"; productId: string; quantity?: number; reason?: string }>;
  error?: string;
  /** Set when this decision repeats one already made on the run: nothing was changed again (`changes: []`). */
  alreadyDecidedAt?: string;
  /**
   * Why it failed: `original_not_in_cart` (nothing was done), `store_failed` (see `undone`), or the store
   * account's code when the sign-in stopped it before the cart (`store_sign_in_failed`, …).
   */
  code?: DecisionFailureCode;
  /** What to do about it, where it applies (connect the account again). */
  fix?: string;
  /** For a failed decision: true when the cart is as it was (nothing done, or what was done was undone). */
  undone?: boolean;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The store account's own code and fix when its sign-in stopped the work, else `store_failed`. */
const failureCodeOf = (error: unknown): { code: DecisionFailureCode; fix?: string } =>
  isLarderError(error) && STORE_ACCOUNT_CODES.has(error.code)
    ? { code: error.code as DecisionFailureCode, ...(error.fix ? { fix: error.fix } : {}) }
    : { code: "store_failed" };

/**
 * One claimed store change, all or nothing, against the cart as read before it: the original must still
 * be in the cart (else nothing is added: `original_not_in_cart`); a substitution adds the substitute and
 * removes the original, and when the removal fails the addition is undone (the substitute's line back to
 * what it held). A resumed claim (an earlier attempt that died, or whose undo failed) does not repeat what
 * the cart shows done.
 */
const applyOne = async (
  store: StoreToolsPort,
  plan: Extract<Planned, { kind: "substitute" | "prune" }>,
  context: { resumed: boolean; cartQuantity: (productId: string) => number },
): Promise<DecisionOutcome> => {
  const { resumed, cartQuantity } = context;
  const originalId = plan.kind === "substitute" ? plan.originalId : plan.productId;
  const changes: DecisionOutcome["changes"] = [];
  const failed = (
    error: string,
    failure: { code: DecisionFailureCode; fix?: string },
    undone: boolean,
  ): DecisionOutcome => ({
    decision: plan.decision,
    outcome: "failed",
    changes: undone ? [] : changes,
    error,
    ...failure,
    undone,
  });
  if (cartQuantity(originalId) === 0) {
    // An earlier attempt of this very decision finished its change before it died: nothing left to do.
    if (resumed && (plan.kind === "prune" || cartQuantity(plan.substituteId) >= plan.quantity)) {
      return { decision: plan.decision, outcome: "applied", changes: [] };
    }
    return failed(
      `Product ${originalId} is no longer in the cart: nothing was changed`,
      { code: "original_not_in_cart" },
      true,
    );
  }
  if (plan.kind === "prune") {
    try {
      await store.removeFromCart(plan.productId);
    } catch (error) {
      return failed(messageOf(error), failureCodeOf(error), true);
    }
    return {
      decision: plan.decision,
      outcome: "applied",
      changes: [{ change: "removed", productId: plan.productId }],
    };
  }
  const before = cartQuantity(plan.substituteId);
  const add = !(resumed && before >= plan.quantity);
  try {
    if (add) {
      await store.addToCart(plan.substituteId, plan.quantity);
      changes.push({
        change: "added",
        productId: plan.substituteId,
        quantity: plan.quantity,
        reason: plan.reason,
      });
    }
  } catch (error) {
    // The addition may have reached the cart before the store failed to answer: the line goes back.
    return failed(messageOf(error), failureCodeOf(error), await restore(store, plan.substituteId, before));
  }
  try {
    await store.removeFromCart(plan.originalId);
    changes.push({ change: "removed", productId: plan.originalId });
  } catch (error) {
    const undone = add ? await restore(store, plan.substituteId, before) : false;
    return failed(messageOf(error), failureCodeOf(error), undone);
  }
  return { decision: plan.decision, outcome: "applied", changes };
};

/** Puts a product's cart line back to `quantity` (0: no line); false when the store refused. */
const restore = async (store: StoreToolsPort, productId: string, quantity: number): Promise<boolean> => {
  try {
    await store.removeFromCart(productId);
    if (quantity > 0) await store.addToCart(productId, quantity);
    return true;
  } catch {
    return false;
  }
};

/**
 * Checks every decision against what the run recommended before touching the cart: a decision on a
 * product the run did not recommend is refused (422) and nothing is applied. Then CLAIMS the decisions on
 * the run in one conditional write (the header's optimistic lock) before anything touches the store, and
 * applies the claimed ones through the store tools (add the substitute and remove the original; remove a
 * pruned line), one at a time; a store failure stops nothing else and is recorded per decision (`failed`,
 * with why).
 *
 * Applies once, however many times it arrives at once: of identical decisions arriving together one takes
 * the claim and applies it, the others wait for its outcome and answer it (`alreadyDecidedAt`,
 * `changes: []`); a decision identical to one already settled answers that outcome at once; a different
 * decision on a product whose earlier one changed the cart, or holds its claim, is a 409
 * `decision_already_made` (a reject or keep, which changed nothing, may still be changed). A claim whose
 * store change did not finish (failed, or a request that died: older than the lease) is completed by the
 * next identical decision, not repeated: the cart is read first, and an addition already there (or a
 * removal already done) is not made again. Two decisions on one product in one request are a 422
 * `decision_duplicated`.
 */
export const applyDecisions = async (
  deps: {
    runs: ShopRunRepository;
    store: () => Promise<StoreToolsPort & { close(): Promise<void> }>;
    now: () => Date;
    /** The claim's id; a random UUID by default. */
    newClaimId?: () => string;
    sleep?: (ms: number) => Promise<void>;
    /** Where the settled decisions are announced (`shop.decisions.applied`); nowhere when absent. */
    announce?: { events: EventPublisher; tenant: string };
    /** Where the household's substitution choices are remembered for its next runs; nowhere when absent. */
    choices?: Pick<SubstitutionChoiceStore, "record">;
  },
  args: {
    runId: string;
    decisions: Decision[];
    /** Epoch ms after which this request stops waiting for an identical decision's outcome (409). */
    waitUntil?: number;
  },
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
  const planned: Planned[] = args.decisions.map((decision, index) => planDecision(decision, index));
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

  // The claim: one conditional write of the run's header, re-read and re-judged on a lost race.
  const claimId = deps.newClaimId?.() ?? crypto.randomUUID();
  const claimedAt = deps.now().toISOString();
  const verdicts = await claimDecisions(deps.runs, args.runId, planned, {
    claimId,
    claimedAt,
    now: deps.now,
  });
  const conflicts = verdicts.flatMap((verdict, index) =>
    verdict.kind === "conflict" ? [{ index, earlier: verdict.earlier }] : [],
  );
  if (conflicts.length > 0) {
    throw new ConflictError(
      "Some decisions differ from ones already applied to the cart; nothing was applied",
      {
        code: "decision_already_made",
        details: {
          issues: conflicts.map(({ index, earlier }) => ({
            path: `decisions.${index}`,
            message: `already decided: ${earlier.action}${earlier.substituteId ? ` ${earlier.substituteId}` : ""}`,
            decidedAt: earlier.decidedAt,
          })),
        },
      },
    );
  }

  const results: DecisionOutcome[] = planned.map((plan) => ({
    decision: plan.decision,
    outcome: "recorded",
    changes: [],
  }));
  const ours = planned.flatMap((plan, index) => {
    const verdict = verdicts[index] as Verdict;
    return verdict.kind === "claimed" && plan.kind !== "record"
      ? [{ plan, index, resumed: verdict.resumed }]
      : [];
  });
  let store: (StoreToolsPort & { close(): Promise<void> }) | undefined;
  try {
    store = ours.length > 0 ? await deps.store() : undefined;
    // The cart as it is now, read before anything changes: another run's decision, or the household, may
    // have changed it since this run read it (a decision on an older run is answered against it).
    const cart = store ? await store.scanCart() : [];
    const quantities = new Map<string, number>();
    for (const line of cart)
      quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
    const cartQuantity = (productId: string) => quantities.get(productId) ?? 0;
    for (const { plan, index, resumed } of ours) {
      if (!store) continue;
      results[index] = await applyOne(store, plan, { resumed, cartQuantity });
      if (results[index]?.outcome === "applied") {
        for (const change of results[index]?.changes ?? []) {
          quantities.set(
            change.productId,
            change.change === "removed" ? 0 : cartQuantity(change.productId) + (change.quantity ?? 0),
          );
        }
      }
    }
  } catch (error) {
    // No store session, or the cart could not be read: every claim of this request failed, with why,
    // before anything changed; the next identical decision applies it.
    for (const { plan, index } of ours) {
      if (results[index]?.outcome === "recorded") {
        results[index] = {
          decision: plan.decision,
          outcome: "failed",
          changes: [],
          error: error instanceof Error ? error.message : String(error),
          ...failureCodeOf(error),
          undone: true,
        };
      }
    }
  } finally {
    await store?.close();
  }

  // The claims' outcomes, on the records this request holds (a record another took over is left alone).
  if (ours.length > 0) {
    await deps.runs.updateRun(args.runId, (current: RunHeader) => ({
      ...current,
      decisions: (current.decisions ?? []).map((record) => {
        if (record.claimId !== claimId || record.outcome !== "claimed") return record;
        const own = ours.find(
          ({ plan }) =>
            decisionKind(plan.decision) === record.kind &&
            decidedProductId(plan.decision) === record.productId,
        );
        const outcome = own ? results[own.index] : undefined;
        if (!outcome) return record;
        const { error: _previous, errorCode: _code, fix: _fix, undone: _undone, ...rest } = record;
        return {
          ...rest,
          outcome: outcome.outcome === "failed" ? "failed" : "applied",
          ...(outcome.error ? { error: outcome.error } : {}),
          ...(outcome.code ? { errorCode: outcome.code } : {}),
          ...(outcome.fix ? { fix: outcome.fix } : {}),
          ...(outcome.outcome === "failed" && outcome.undone !== undefined ? { undone: outcome.undone } : {}),
        };
      }),
    }));
  }

  // Every decision this request claimed (a reject or keep is recorded by the claim itself) is announced once.
  const settledHere = planned.flatMap((plan, index) =>
    (verdicts[index] as Verdict).kind === "claimed" ? [{ plan, index }] : [],
  );
  if (deps.choices) {
    for (const { plan, index } of settledHere) {
      const choice = choiceOf(plan, results[index], result, args.runId, claimedAt);
      if (choice) await deps.choices.record(choice);
    }
  }
  if (settledHere.length > 0 && deps.announce) {
    await announceSettled(deps.announce, args.runId, settledHere, results, deps.runs);
  }

  // Identical decisions another request was applying: their outcomes, once settled.
  for (const [index, verdict] of verdicts.entries()) {
    const plan = planned[index] as Planned;
    if (verdict.kind === "repeat") {
      results[index] = repeatOf(plan.decision, verdict.earlier);
    } else if (verdict.kind === "wait") {
      const settled = await awaitClaim(deps, args, plan, verdict.earlier);
      results[index] = repeatOf(plan.decision, settled);
    }
  }
  return { runId: args.runId, results };
};

/**
 * `shop.decisions.applied` (docs/events/): what this request settled. Its eventId derives from the run and
 * the decisions, so a request that completes another's claim announces under the same id.
 */
const announceSettled = async (
  announce: { events: EventPublisher; tenant: string },
  runId: string,
  ours: readonly { plan: Planned; index: number }[],
  results: readonly (DecisionOutcome | undefined)[],
  runs: ShopRunRepository,
): Promise<void> => {
  const decisions = ours.flatMap(({ plan, index }) => {
    const outcome = results[index];
    if (!outcome) return [];
    const substituteId = substituteOf(plan);
    return [
      {
        kind: decisionKind(plan.decision),
        productId: decidedProductId(plan.decision),
        action: plan.decision.action,
        ...(substituteId ? { substituteId } : {}),
        outcome: outcome.outcome,
      },
    ];
  });
  if (decisions.length === 0) return;
  const header = await runs.getRun(runId);
  const key = decisions
    .map((d) => `${d.kind}:${d.productId}:${d.action}:${d.substituteId ?? ""}`)
    .sort()
    .join("|");
  await announce.events.publish([
    {
      source: "larder.shop",
      detailType: "shop.decisions.applied",
      detail: {
        eventId: `shop.decisions.applied:${runId}:${createHash("sha256").update(key).digest("hex").slice(0, 16)}`,
        schemaVersion: "1",
        tenant: announce.tenant,
        runId,
        decisions,
        openDecisions: header ? openDecisionCount(header) : 0,
      },
    },
  ]);
};

/**
 * The choice a settled substitution decision leaves for the household's next runs: an accepted substitute
 * that reached the cart, or the substitute a reject turned down (the one it names, else the run's first).
 */
const choiceOf = (
  plan: Planned,
  outcome: DecisionOutcome | undefined,
  result: NonNullable<RunHeader["result"]>,
  runId: string,
  decidedAt: string,
): SubstitutionChoice | undefined => {
  const decision = plan.decision;
  if ("pruneProductId" in decision || !outcome) return undefined;
  const substitution = result.substitutions.find(
    (s) => s.originalItem.productId === decision.originalProductId,
  );
  if (!substitution) return undefined;
  const accepted = decision.action === "accept";
  if (accepted && outcome.outcome !== "applied") return undefined;
  const substituteId = accepted
    ? substituteOf(plan)
    : (decision.productId ?? substitution.candidates[0]?.productId);
  const substitute = substitution.candidates.find((c) => c.productId === substituteId);
  if (!substituteId) return undefined;
  return {
    originalProductId: decision.originalProductId,
    substituteProductId: substituteId,
    verdict: accepted ? "accepted" : "rejected",
    decidedAt,
    runId,
    originalName: substitution.originalItem.name,
    ...(substitute ? { substituteName: substitute.name } : {}),
    expiresAt: choiceExpiry(decidedAt),
  };
};

const repeatOf = (decision: Decision, earlier: RecordedDecision): DecisionOutcome => ({
  decision,
  outcome: earlier.outcome === "claimed" ? "applied" : earlier.outcome,
  changes: [],
  ...(earlier.error ? { error: earlier.error } : {}),
  ...(earlier.errorCode ? { code: earlier.errorCode } : {}),
  ...(earlier.fix ? { fix: earlier.fix } : {}),
  alreadyDecidedAt: earlier.decidedAt,
});
