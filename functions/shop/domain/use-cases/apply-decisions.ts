import { ConflictError, NotFoundError } from "../../../core/errors";
import type { EventPublisher } from "../../../core/events/event-publisher-port";
import type { ShopRunRepository } from "../ports/shop-run-repository";
import type { StorePort } from "../ports/store-port";
import type { SubstitutionChoiceRepository } from "../ports/substitution-choice-repository";
import type { Decision } from "../runs/decision";
import { applyClaimedChanges, type ClaimedChange, type DecisionOutcome } from "../runs/decision-apply";
import {
  awaitClaim,
  claimDecisions,
  type Planned,
  refuseConflicts,
  type Verdict,
} from "../runs/decision-claim";
import { planDecisions } from "../runs/decision-plan";
import { announceSettled, recordOutcomes, rememberChoices, repeatOf } from "../runs/decision-record";

export type { DecisionOutcome } from "../runs/decision-apply";
export { DECISION_CLAIM_LEASE_MS } from "../runs/decision-claim";

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
 *
 * Four steps, a module each (domain/runs): plan (decision-plan.ts), claim (decision-claim.ts), apply
 * (decision-apply.ts), record (decision-record.ts).
 */
export const applyDecisions = async (
  deps: {
    runs: ShopRunRepository;
    store: () => Promise<StorePort & { close(): Promise<void> }>;
    now: () => Date;
    /** The claim's id; a random UUID by default. */
    newClaimId?: () => string;
    sleep?: (ms: number) => Promise<void>;
    /** Where the settled decisions are announced (`shop.decisions.applied`); nowhere when absent. */
    announce?: { events: EventPublisher; tenant: string };
    /** Where the household's substitution choices are remembered for its next runs; nowhere when absent. */
    choices?: Pick<SubstitutionChoiceRepository, "record">;
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

  // Plan: every decision checked against what the run recommended (422, nothing applied).
  const planned = planDecisions(result, args.decisions);

  // Claim: one conditional write of the run's header, re-read and re-judged on a lost race (409 on conflict).
  const claimId = deps.newClaimId?.() ?? crypto.randomUUID();
  const claimedAt = deps.now().toISOString();
  const verdicts = await claimDecisions(deps.runs, args.runId, planned, {
    claimId,
    claimedAt,
    now: deps.now,
  });
  refuseConflicts(verdicts);

  // Apply: the store changes this request claimed (a reject or keep is recorded by the claim itself).
  const results: DecisionOutcome[] = planned.map((plan) => ({
    decision: plan.decision,
    outcome: "recorded",
    changes: [],
  }));
  const ours: ClaimedChange[] = planned.flatMap((plan, index) => {
    const verdict = verdicts[index] as Verdict;
    return verdict.kind === "claimed" && plan.kind !== "record"
      ? [{ plan, index, resumed: verdict.resumed }]
      : [];
  });
  await applyClaimedChanges(deps.store, ours, results);

  // Record: the claims' outcomes on the run, the choices remembered, what this request settled announced once.
  await recordOutcomes(deps.runs, args.runId, claimId, ours, results);
  const settledHere = planned.flatMap((plan, index) =>
    (verdicts[index] as Verdict).kind === "claimed" ? [{ plan, index }] : [],
  );
  if (deps.choices) {
    await rememberChoices(deps.choices, settledHere, results, {
      runId: args.runId,
      result,
      decidedAt: claimedAt,
    });
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
