import { createHash } from "node:crypto";
import type { EventPublisher } from "../../../core/events/event-publisher-port";
import { choiceExpiry, type SubstitutionChoice } from "../choices/substitution-choice";
import type { ShopRunRepository } from "../ports/shop-run-repository";
import type { SubstitutionChoiceRepository } from "../ports/substitution-choice-repository";
import type { Decision } from "./decision";
import type { DecisionOutcome } from "./decision-apply";
import { decidedProductId, decisionKind, type Planned, substituteOf } from "./decision-claim";
import { openDecisionCount } from "./open-decisions";
import type { RecordedDecision, RunHeader } from "./shop-run";

/**
 * The record of a request's decisions, after their store changes: each claimed change's outcome written to
 * the run's records this request still holds, the household's substitution choices remembered, the settled
 * decisions announced once, and the answer for a decision that repeats an earlier one.
 */

/** The claims' outcomes, on the records this request holds (a record another took over is left alone). */
export const recordOutcomes = async (
  runs: ShopRunRepository,
  runId: string,
  claimId: string,
  claimed: readonly { plan: Planned; index: number }[],
  results: readonly (DecisionOutcome | undefined)[],
): Promise<void> => {
  if (claimed.length === 0) return;
  await runs.updateRun(runId, (current: RunHeader) => ({
    ...current,
    decisions: (current.decisions ?? []).map((record) => {
      if (record.claimId !== claimId || record.outcome !== "claimed") return record;
      const own = claimed.find(
        ({ plan }) =>
          decisionKind(plan.decision) === record.kind && decidedProductId(plan.decision) === record.productId,
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
};

/** The choices the settled substitution decisions leave for the household's next runs. */
export const rememberChoices = async (
  choices: Pick<SubstitutionChoiceRepository, "record">,
  settled: readonly { plan: Planned; index: number }[],
  results: readonly (DecisionOutcome | undefined)[],
  run: { runId: string; result: NonNullable<RunHeader["result"]>; decidedAt: string },
): Promise<void> => {
  for (const { plan, index } of settled) {
    const choice = choiceOf(plan, results[index], run.result, run.runId, run.decidedAt);
    if (choice) await choices.record(choice);
  }
};

/**
 * `shop.decisions.applied` (docs/events/): what this request settled. Its eventId derives from the run and
 * the decisions, so a request that completes another's claim announces under the same id.
 */
export const announceSettled = async (
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

/** The answer to a decision identical to one settled earlier: its outcome, nothing changed again. */
export const repeatOf = (decision: Decision, earlier: RecordedDecision): DecisionOutcome => ({
  decision,
  outcome: earlier.outcome === "claimed" ? "applied" : earlier.outcome,
  changes: [],
  ...(earlier.error ? { error: earlier.error } : {}),
  ...(earlier.errorCode ? { code: earlier.errorCode } : {}),
  ...(earlier.fix ? { fix: earlier.fix } : {}),
  alreadyDecidedAt: earlier.decidedAt,
});
