import { describe, expect, it } from "vitest";
import type { ShopRunRepository } from "../../../../functions/shop/domain/ports/shop-run-repository";
import {
  awaitClaim,
  claimDecisions,
  DECISION_CLAIM_LEASE_MS,
  judge,
  type Planned,
} from "../../../../functions/shop/domain/runs/decision-claim";
import type { RecordedDecision, RunHeader } from "../../../../functions/shop/domain/runs/shop-run";

const NOW = Date.parse("2026-12-01T12:00:00.000Z");
const at = (msBeforeNow: number) => new Date(NOW - msBeforeNow).toISOString();

const accept: Planned = {
  kind: "substitute",
  decision: { originalProductId: "milk-1", action: "accept", productId: "milk-2" },
  originalId: "milk-1",
  substituteId: "milk-2",
  quantity: 1,
  reason: "cheaper",
};
const reject: Planned = {
  kind: "record",
  decision: { originalProductId: "milk-1", action: "reject" },
  productId: "milk-1",
};

const recordOf = (outcome: RecordedDecision["outcome"], msBeforeNow = 1_000): RecordedDecision => ({
  kind: "substitution",
  productId: "milk-1",
  action: "accept",
  substituteId: "milk-2",
  outcome,
  decidedAt: at(msBeforeNow),
  claimedAt: at(msBeforeNow),
  claimId: "earlier",
});

describe("judge", () => {
  it("claims a product with no record", () => {
    expect(judge([], accept, NOW)).toEqual({ kind: "claimed", resumed: false });
  });

  it("repeats an identical decision already applied", () => {
    const earlier = recordOf("applied");
    expect(judge([earlier], accept, NOW)).toEqual({ kind: "repeat", earlier });
  });

  it("waits for an identical decision claimed within the lease", () => {
    const earlier = recordOf("claimed", DECISION_CLAIM_LEASE_MS - 1);
    expect(judge([earlier], accept, NOW)).toEqual({ kind: "wait", earlier });
  });

  it("takes over (resumes) an identical claim older than the lease", () => {
    expect(judge([recordOf("claimed", DECISION_CLAIM_LEASE_MS)], accept, NOW)).toEqual({
      kind: "claimed",
      resumed: true,
    });
  });

  it("resumes a failure that left part in the cart, starts afresh after one that was undone", () => {
    expect(judge([{ ...recordOf("failed"), undone: false }], accept, NOW)).toEqual({
      kind: "claimed",
      resumed: true,
    });
    expect(judge([{ ...recordOf("failed"), undone: true }], accept, NOW)).toEqual({
      kind: "claimed",
      resumed: false,
    });
  });

  it("is a conflict for a different decision on a product whose change was applied or is claimed", () => {
    const applied = recordOf("applied");
    expect(judge([applied], reject, NOW)).toEqual({ kind: "conflict", earlier: applied });
    const claimed = recordOf("claimed");
    expect(judge([claimed], reject, NOW)).toEqual({ kind: "conflict", earlier: claimed });
  });

  it("lets a recorded reject be changed", () => {
    const rejected: RecordedDecision = { ...recordOf("recorded"), action: "reject", substituteId: undefined };
    expect(judge([rejected], accept, NOW)).toEqual({ kind: "claimed", resumed: false });
  });
});

const runsWith = (decisions: RecordedDecision[]) => {
  let header = { runId: "run-1", decisions } as unknown as RunHeader;
  let writes = 0;
  const runs = {
    getRun: async () => header,
    updateRun: async (_runId: string, change: (current: RunHeader) => RunHeader) => {
      header = change(header);
      writes += 1;
      return header;
    },
  } as unknown as ShopRunRepository;
  return { runs, header: () => header, writes: () => writes };
};

describe("claimDecisions", () => {
  const claim = { claimId: "this", claimedAt: at(0), now: () => new Date(NOW) };

  it("writes a claimed record for a decision that changes the cart, recorded for a reject", async () => {
    const store = runsWith([]);
    const verdicts = await claimDecisions(store.runs, "run-1", [accept], claim);
    expect(verdicts).toEqual([{ kind: "claimed", resumed: false }]);
    expect(store.header().decisions).toEqual([
      expect.objectContaining({ outcome: "claimed", claimId: "this", attempts: 1, substituteId: "milk-2" }),
    ]);
    const other = runsWith([]);
    await claimDecisions(other.runs, "run-1", [reject], claim);
    expect(other.header().decisions).toEqual([expect.objectContaining({ outcome: "recorded" })]);
  });

  it("takes over a stale claim in place, counting the attempt and keeping its decidedAt", async () => {
    const stale = recordOf("claimed", DECISION_CLAIM_LEASE_MS + 1_000);
    const store = runsWith([stale]);
    await claimDecisions(store.runs, "run-1", [accept], claim);
    expect(store.header().decisions).toEqual([
      expect.objectContaining({ claimId: "this", attempts: 2, decidedAt: stale.decidedAt, claimedAt: at(0) }),
    ]);
  });

  it("writes nothing when a decision conflicts or nothing is left to claim", async () => {
    const applied = recordOf("applied");
    const store = runsWith([applied]);
    expect(await claimDecisions(store.runs, "run-1", [reject], claim)).toEqual([
      { kind: "conflict", earlier: applied },
    ]);
    expect(await claimDecisions(store.runs, "run-1", [accept], claim)).toEqual([
      { kind: "repeat", earlier: applied },
    ]);
    expect(store.header().decisions).toEqual([applied]);
  });
});

describe("awaitClaim", () => {
  it("answers the outcome once the other request settles its claim", async () => {
    const claimed = recordOf("claimed");
    const store = runsWith([claimed]);
    const settled = awaitClaim(
      {
        runs: store.runs,
        now: () => new Date(NOW),
        sleep: async () => {
          store.header().decisions?.splice(0, 1, { ...claimed, outcome: "applied" });
        },
      },
      { runId: "run-1" },
      accept,
      claimed,
    );
    await expect(settled).resolves.toMatchObject({ outcome: "applied" });
  });

  it("is a 409 decision_in_progress when the claim does not settle within the lease", async () => {
    const claimed = recordOf("claimed");
    const store = runsWith([claimed]);
    let now = NOW;
    const waiting = awaitClaim(
      {
        runs: store.runs,
        now: () => new Date(now),
        sleep: async (ms) => {
          now += ms;
        },
      },
      { runId: "run-1" },
      accept,
      claimed,
    );
    await expect(waiting).rejects.toMatchObject({ code: "decision_in_progress" });
  });
});
