import { describe, expect, it } from "vitest";
import type { DomainEvent } from "../../../../functions/core/events/event-publisher-port";
import type { SubstitutionChoice } from "../../../../functions/shop/domain/choices/substitution-choice";
import type { DecisionOutcome } from "../../../../functions/shop/domain/runs/decision-apply";
import type { Planned } from "../../../../functions/shop/domain/runs/decision-claim";
import {
  announceSettled,
  recordOutcomes,
  rememberChoices,
  repeatOf,
} from "../../../../functions/shop/domain/runs/decision-record";
import { composeRunResult } from "../../../../functions/shop/domain/runs/run-result";
import type { RecordedDecision, RunHeader } from "../../../../functions/shop/domain/runs/shop-run";
import { substitutionRecommendationSchema } from "../../../../functions/shop/domain/substitution/substitution-contracts";
import { createInMemoryShopRunRepository } from "../../../support/shop/in-memory-shop-run-repository";

const DECIDED_AT = "2026-01-01T11:00:00.000Z";
const accept: Planned = {
  kind: "substitute",
  decision: { originalProductId: "milk-1", action: "accept" },
  originalId: "milk-1",
  substituteId: "milk-2",
  quantity: 1,
  reason: "cheaper",
};
const reject: Planned = {
  kind: "record",
  decision: { originalProductId: "egg-1", action: "reject" },
  productId: "egg-1",
};
const claimedRecord = (productId: string, claimId: string): RecordedDecision => ({
  kind: "substitution",
  productId,
  action: "accept",
  substituteId: "milk-2",
  outcome: "claimed",
  decidedAt: DECIDED_AT,
  claimId,
  claimedAt: DECIDED_AT,
  attempts: 1,
});
const applied: DecisionOutcome = { decision: accept.decision, outcome: "applied", changes: [] };

const runWith = async (decisions: RecordedDecision[]) => {
  const runs = createInMemoryShopRunRepository();
  const header: RunHeader = {
    runId: "run-1",
    status: "succeeded",
    startedAt: "2026-01-01T10:00:00.000Z",
    householdId: "hh_1",
    options: { maxConcurrency: 20, skipPrune: false, skipSlots: false },
    result: {
      ...composeRunResult({ items: [], cartAdditions: [] }),
      substitutions: [
        substitutionRecommendationSchema.parse({
          originalItem: { productId: "milk-1", name: "Leite", price: 1, quantity: 1, categoryPath: [] },
          status: "substitutes_found",
          candidates: [
            {
              productId: "milk-2",
              rank: 1,
              valueScore: 0.9,
              brandPreference: "store",
              priceComparison: "cheaper",
              capacityCostRatio: 0.9,
              recommendation: "strong",
              reason: "mais barato",
              name: "Leite Marca Auchan",
              price: 0.8,
            },
          ],
          reason: "1 found",
        }),
      ],
    },
    decisions,
  };
  await runs.createRun(header);
  return runs;
};

describe("the record of a request's decisions", () => {
  it("writes a claimed change's outcome on the records its claim holds, and leaves another claim's alone", async () => {
    const runs = await runWith([claimedRecord("milk-1", "ours"), claimedRecord("milk-1", "theirs")]);
    const failed: DecisionOutcome = {
      decision: accept.decision,
      outcome: "failed",
      changes: [],
      error: "store down",
      code: "store_failed",
      undone: true,
    };
    await recordOutcomes(runs, "run-1", "ours", [{ plan: accept, index: 0 }], [failed]);
    const [ours, theirs] = (await runs.getRun("run-1"))?.decisions ?? [];
    expect(ours).toMatchObject({
      outcome: "failed",
      error: "store down",
      errorCode: "store_failed",
      undone: true,
    });
    expect(theirs).toMatchObject({ outcome: "claimed", claimId: "theirs" });
  });

  it("remembers an applied accept and a reject's turned-down substitute, not an accept that failed", async () => {
    const runs = await runWith([]);
    const result = (await runs.getRun("run-1"))?.result;
    if (!result) throw new Error("no result");
    const remembered: SubstitutionChoice[] = [];
    const choices = { record: async (choice: SubstitutionChoice) => void remembered.push(choice) };
    const run = { runId: "run-1", result, decidedAt: DECIDED_AT };
    await rememberChoices(choices, [{ plan: accept, index: 0 }], [applied], run);
    await rememberChoices(choices, [{ plan: accept, index: 0 }], [{ ...applied, outcome: "failed" }], run);
    const rejectMilk: Planned = {
      kind: "record",
      decision: { originalProductId: "milk-1", action: "reject" },
      productId: "milk-1",
    };
    await rememberChoices(
      choices,
      [{ plan: rejectMilk, index: 0 }],
      [{ ...applied, outcome: "recorded" }],
      run,
    );
    expect(remembered).toMatchObject([
      {
        originalProductId: "milk-1",
        substituteProductId: "milk-2",
        verdict: "accepted",
        substituteName: "Leite Marca Auchan",
      },
      { originalProductId: "milk-1", substituteProductId: "milk-2", verdict: "rejected" },
    ]);
  });

  it("announces the settled decisions once, under an id the same decisions give again", async () => {
    const runs = await runWith([]);
    const published: DomainEvent[] = [];
    const events = { publish: async (batch: readonly DomainEvent[]) => void published.push(...batch) };
    const settled = [
      { plan: accept, index: 0 },
      { plan: reject, index: 1 },
    ];
    const outcomes: DecisionOutcome[] = [
      applied,
      { decision: reject.decision, outcome: "recorded", changes: [] },
    ];
    await announceSettled({ events, tenant: "t1" }, "run-1", settled, outcomes, runs);
    await announceSettled({ events, tenant: "t1" }, "run-1", [...settled].reverse(), outcomes, runs);
    expect(published).toHaveLength(2);
    expect(published[0]).toMatchObject({
      detailType: "shop.decisions.applied",
      detail: {
        tenant: "t1",
        runId: "run-1",
        decisions: [
          {
            kind: "substitution",
            productId: "milk-1",
            action: "accept",
            substituteId: "milk-2",
            outcome: "applied",
          },
          { kind: "substitution", productId: "egg-1", action: "reject", outcome: "recorded" },
        ],
      },
    });
    const [first, again] = published.map((event) => (event.detail as { eventId: string }).eventId);
    expect(first).toMatch(/^shop\.decisions\.applied:run-1:[0-9a-f]{16}$/);
    expect(again).toBe(first);
  });

  it("answers a repeated decision with the earlier outcome, nothing changed again", () => {
    const earlier: RecordedDecision = {
      ...claimedRecord("milk-1", "x"),
      outcome: "failed",
      error: "store down",
      errorCode: "store_failed",
    };
    expect(repeatOf(accept.decision, earlier)).toEqual({
      decision: accept.decision,
      outcome: "failed",
      changes: [],
      error: "store down",
      code: "store_failed",
      alreadyDecidedAt: DECIDED_AT,
    });
    expect(repeatOf(accept.decision, claimedRecord("milk-1", "x")).outcome).toBe("applied");
  });
});
