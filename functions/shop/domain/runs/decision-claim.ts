import { ConflictError, NotFoundError } from "../../../core/errors";
import type { ShopRunRepository } from "../ports/shop-run-repository";
import type { Decision } from "./decision";
import type { RecordedDecision } from "./shop-run";

/**
 * The claim protocol of a run's decisions: before anything touches the store, a request claims its
 * decisions on the run's header in one conditional write; `judge` says what the run's latest record of a
 * product means for a decision (claim it, repeat an identical settled one, wait for an identical one in
 * progress, or conflict), a claim older than the lease is taken over, and `awaitClaim` waits for another
 * request's identical claim to settle. use-cases/apply-decisions.ts runs it between the plan
 * (decision-plan.ts) and the store changes (decision-apply.ts) and their record (decision-record.ts).
 */
/**
 * How long a claim protects a decision whose request is still at work: API Gateway ends every request
 * within 30 s, so a claim older than this belongs to a request that died or was cut (its Lambda timed out,
 * the store hung), and the next identical decision takes it over and completes it.
 */
export const DECISION_CLAIM_LEASE_MS = 30_000;
/** How often a request waiting for an identical decision's outcome re-reads the run. */
const CLAIM_POLL_MS = 200;

export type Planned =
  | {
      kind: "substitute";
      decision: Decision;
      originalId: string;
      substituteId: string;
      quantity: number;
      reason: string;
    }
  | { kind: "prune"; decision: Decision; productId: string }
  | { kind: "record"; decision: Decision; productId: string };

/** What the claim found for one decision on the run's latest record of its product. */
export type Verdict =
  /** This request holds the claim; `resumed` when an earlier attempt took it and did not finish. */
  | { kind: "claimed"; resumed: boolean }
  /** An identical decision settled already: its outcome, nothing touched again. */
  | { kind: "repeat"; earlier: RecordedDecision }
  /** An identical decision is being applied by another request right now: its outcome is awaited. */
  | { kind: "wait"; earlier: RecordedDecision }
  /** A different decision changed (or is changing) the cart: 409. */
  | { kind: "conflict"; earlier: RecordedDecision };

export const decisionKind = (decision: Decision): RecordedDecision["kind"] =>
  "pruneProductId" in decision ? "prune" : "substitution";
export const decidedProductId = (decision: Decision): string =>
  "pruneProductId" in decision ? decision.pruneProductId : decision.originalProductId;

export const substituteOf = (plan: Planned): string | undefined =>
  plan.kind === "substitute" ? plan.substituteId : undefined;

/** The run's latest record of the product this plan decides, with its index in `decisions`. */
export const latestRecordOf = (decisions: readonly RecordedDecision[], plan: Planned) => {
  const kind = decisionKind(plan.decision);
  const productId = decidedProductId(plan.decision);
  const index = decisions.findLastIndex((d) => d.kind === kind && d.productId === productId);
  return index < 0 ? undefined : { index, record: decisions[index] as RecordedDecision };
};

/** Thrown out of the claim's header change when it has nothing to write (every decision already taken). */
class NothingToClaim {
  constructor(readonly verdicts: Verdict[]) {}
}

/** Claims the decisions in one write of the header (or writes nothing when every one is taken already). */
export const claimDecisions = async (
  runs: ShopRunRepository,
  runId: string,
  planned: Planned[],
  claim: { claimId: string; claimedAt: string; now: () => Date },
): Promise<Verdict[]> => {
  let verdicts: Verdict[] = [];
  try {
    const written = await runs.updateRun(runId, (current) => {
      const decisions = [...(current.decisions ?? [])];
      verdicts = planned.map((plan) => judge(decisions, plan, claim.now().getTime()));
      if (verdicts.some((v) => v.kind === "conflict") || !verdicts.some((v) => v.kind === "claimed")) {
        throw new NothingToClaim(verdicts);
      }
      for (const [index, verdict] of verdicts.entries()) {
        if (verdict.kind !== "claimed") continue;
        const plan = planned[index] as Planned;
        const latest = latestRecordOf(decisions, plan);
        const record: RecordedDecision = {
          kind: decisionKind(plan.decision),
          productId: decidedProductId(plan.decision),
          action: plan.decision.action,
          ...(plan.kind === "substitute" ? { substituteId: plan.substituteId } : {}),
          outcome: plan.kind === "record" ? "recorded" : "claimed",
          decidedAt: verdict.resumed && latest ? latest.record.decidedAt : claim.claimedAt,
          claimId: claim.claimId,
          claimedAt: claim.claimedAt,
          attempts: verdict.resumed && latest ? (latest.record.attempts ?? 1) + 1 : 1,
        };
        if (verdict.resumed && latest) decisions[latest.index] = record;
        else decisions.push(record);
      }
      return { ...current, decisions: decisions.slice(-500) };
    });
    if (!written) throw new NotFoundError(`No shop run ${runId}`, { code: "shop_run_not_found" });
    return verdicts;
  } catch (error) {
    if (error instanceof NothingToClaim) return error.verdicts;
    throw error;
  }
};

/**
 * The claim's 409 `decision_already_made`: the decisions that differ from ones already applied to the cart
 * (or being applied), each with the earlier one; nothing was applied. No conflict, no error.
 */
export const refuseConflicts = (verdicts: readonly Verdict[]): void => {
  const conflicts = verdicts.flatMap((verdict, index) =>
    verdict.kind === "conflict" ? [{ index, earlier: verdict.earlier }] : [],
  );
  if (conflicts.length === 0) return;
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
};

/** What the run's latest record of the product means for this decision. */
export const judge = (decisions: readonly RecordedDecision[], plan: Planned, now: number): Verdict => {
  const latest = latestRecordOf(decisions, plan)?.record;
  if (!latest) return { kind: "claimed", resumed: false };
  const identical = latest.action === plan.decision.action && latest.substituteId === substituteOf(plan);
  const stale =
    latest.outcome === "claimed" &&
    now - Date.parse(latest.claimedAt ?? latest.decidedAt) >= DECISION_CLAIM_LEASE_MS;
  if (identical) {
    if (latest.outcome === "applied" || latest.outcome === "recorded")
      return { kind: "repeat", earlier: latest };
    if (latest.outcome === "claimed" && !stale) return { kind: "wait", earlier: latest };
    // Claimed by a request that died, or failed with part of it left in the cart: this one completes it.
    // A failure that left the cart as it was starts afresh.
    const partial = latest.outcome === "claimed" || (latest.outcome === "failed" && latest.undone === false);
    return { kind: "claimed", resumed: plan.kind !== "record" && partial };
  }
  // A reject or keep changed nothing and may be changed; so may a decision that failed.
  if (latest.outcome === "recorded" || latest.outcome === "failed")
    return { kind: "claimed", resumed: false };
  return { kind: "conflict", earlier: latest };
};

/** Waits for the claim another request holds on an identical decision to settle; 409 if it does not in time. */
export const awaitClaim = async (
  deps: { runs: ShopRunRepository; now: () => Date; sleep?: (ms: number) => Promise<void> },
  args: { runId: string; waitUntil?: number },
  plan: Planned,
  earlier: RecordedDecision,
): Promise<RecordedDecision> => {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const claimStarted = Date.parse(earlier.claimedAt ?? earlier.decidedAt);
  const until = Math.min(args.waitUntil ?? Number.POSITIVE_INFINITY, claimStarted + DECISION_CLAIM_LEASE_MS);
  for (;;) {
    const current = await deps.runs.getRun(args.runId);
    const record = latestRecordOf(current?.decisions ?? [], plan)?.record;
    if (record && record.outcome !== "claimed") return record;
    if (deps.now().getTime() + CLAIM_POLL_MS > until) break;
    await sleep(CLAIM_POLL_MS);
  }
  throw new ConflictError("An identical decision is still being applied; ask again in a moment", {
    code: "decision_in_progress",
    details: { decidedAt: earlier.decidedAt },
  });
};
