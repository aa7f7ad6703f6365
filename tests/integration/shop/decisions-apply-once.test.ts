import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConflictError } from "../../../functions/core/errors";
import { createStoreTools } from "../../../functions/shop/adapters/store";
import { containerStoreBrowser } from "../../../functions/shop/adapters/store/playwright";
import { storePortOver } from "../../../functions/shop/adapters/store-port-adapter";
import type { StorePort } from "../../../functions/shop/domain/ports/store-port";
import type { Decision } from "../../../functions/shop/domain/runs/decision";
import {
  applyDecisions,
  DECISION_CLAIM_LEASE_MS,
} from "../../../functions/shop/domain/use-cases/apply-decisions";
import { productNamed } from "../../support/shop/catalog-fixture";
import { type CoordinatorHarness, startCoordinatorHarness } from "../../support/shop/coordinator-harness";
import { scaledTimeout } from "../../support/test-timeouts";

/**
 * Issue 28 on DynamoDB Local and the simulated store in Chromium: a decision is claimed on the run (a
 * conditional write) before the store is touched, so it changes the cart once however many times it
 * arrives at once, and a claim whose store change did not finish is completed by the next attempt.
 */
let harness: CoordinatorHarness;
beforeAll(async () => {
  harness = await startCoordinatorHarness({ LLM_PROVIDER: "none" });
}, scaledTimeout(60_000));
afterAll(async () => {
  await harness?.close();
});

const TENANT = "tenant-decide-once";
const sweetPotato = productNamed("batata doce auchan em cubos para cozer 400g");
const rice = productNamed("arroz carolino auchan 1kg");

/** A household with 2 sweet potatoes (unavailable) and rice bought 10 days ago, and its finished run. */
const runFor = async (householdId: string) => {
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  harness.store.seedHousehold(householdId, {
    cart: [
      { productId: sweetPotato.productId, quantity: 2 },
      { productId: rice.productId, quantity: 1 },
    ],
    orders: [{ placedOn: daysAgo(10), lines: [{ productId: rice.productId, quantity: 2 }] }],
  });
  const { header } = await harness.run(TENANT, householdId, { skipSlots: true });
  const candidates = header.result?.substitutions[0]?.candidates ?? [];
  expect(candidates.length).toBeGreaterThanOrEqual(2);
  expect(header.result?.pruned.map((p) => p.productId)).toEqual([rice.productId]);
  return {
    runId: header.runId,
    first: candidates[0]?.productId ?? "",
    second: candidates[1]?.productId ?? "",
  };
};

/** One request's store session, as ShopApi opens it; `fault` may replace a tool (a store that fails). */
const storeOf =
  (householdId: string, fault: Partial<StorePort> = {}) =>
  async () => {
    const storeUrl = new URL(harness.store.url);
    const tools = createStoreTools({
      browser: containerStoreBrowser({ storeUrl, timeoutMs: 15_000 }),
      storeUrl,
      householdId,
    });
    return { ...storePortOver(tools), ...fault, close: () => tools.close() };
  };

const decide = (householdId: string, runId: string, decisions: Decision[], fault?: Partial<StorePort>) =>
  applyDecisions(
    { runs: harness.runsOf(TENANT), store: storeOf(householdId, fault), now: () => new Date() },
    { runId, decisions },
  );

/** The first substitute (a 1 kg pack) covers the 2 × 400 g original once: quantity by need, not by count. */
const SUBSTITUTE_PACKS = 1;

const cartOf = (householdId: string) =>
  Object.fromEntries(harness.store.householdState(householdId).cart.map((l) => [l.productId, l.quantity]));

describe("a decision changes the cart once, however many times it arrives at once", () => {
  it(
    "two identical accepts at the same instant: one applies, the other answers its outcome",
    async () => {
      const householdId = "household-twice";
      const { runId, first } = await runFor(householdId);
      const accept: Decision = {
        originalProductId: sweetPotato.productId,
        action: "accept",
        productId: first,
      };
      const answers = await Promise.all([
        decide(householdId, runId, [accept]),
        decide(householdId, runId, [accept]),
      ]);
      expect(cartOf(householdId)).toEqual({ [first]: SUBSTITUTE_PACKS, [rice.productId]: 1 });
      const results = answers.map((answer) => answer.results[0]);
      expect(results.map((r) => r?.outcome)).toEqual(["applied", "applied"]);
      const applied = results.filter((r) => r?.changes.length);
      const repeats = results.filter((r) => r?.alreadyDecidedAt);
      expect(applied).toHaveLength(1);
      expect(repeats).toHaveLength(1);
      expect(repeats[0]?.changes).toEqual([]);
      const run = await harness.runsOf(TENANT).getRun(runId);
      expect(run?.decisions?.map((d) => [d.productId, d.outcome])).toEqual([
        [sweetPotato.productId, "applied"],
      ]);
    },
    scaledTimeout(120_000),
  );

  it(
    "five identical requests of two decisions (an accept and a prune) at the same instant: the cart changes once",
    async () => {
      const householdId = "household-five";
      const { runId, first } = await runFor(householdId);
      const decisions: Decision[] = [
        { originalProductId: sweetPotato.productId, action: "accept", productId: first },
        { pruneProductId: rice.productId, action: "remove" },
      ];
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => decide(householdId, runId, decisions)),
      );
      expect(cartOf(householdId)).toEqual({ [first]: SUBSTITUTE_PACKS });
      for (const answer of answers) {
        expect(answer.results.map((r) => r.outcome)).toEqual(["applied", "applied"]);
      }
      const changed = answers.flatMap((a) => a.results).filter((r) => r.changes.length > 0);
      expect(changed).toHaveLength(2);
      expect(answers.flatMap((a) => a.results).filter((r) => r.alreadyDecidedAt)).toHaveLength(8);
    },
    scaledTimeout(120_000),
  );

  it(
    "two different accepts for one product at the same instant: one change, the other a 409 decision_already_made",
    async () => {
      const householdId = "household-different";
      const { runId, first, second } = await runFor(householdId);
      const settled = await Promise.allSettled([
        decide(householdId, runId, [
          { originalProductId: sweetPotato.productId, action: "accept", productId: first },
        ]),
        decide(householdId, runId, [
          { originalProductId: sweetPotato.productId, action: "accept", productId: second },
        ]),
      ]);
      const fulfilled = settled.filter((s) => s.status === "fulfilled");
      const rejected = settled.flatMap((s) => (s.status === "rejected" ? [s.reason as unknown] : []));
      expect(fulfilled).toHaveLength(1);
      expect(rejected).toHaveLength(1);
      expect(rejected[0]).toBeInstanceOf(ConflictError);
      expect((rejected[0] as ConflictError).code).toBe("decision_already_made");
      const cart = cartOf(householdId);
      expect(cart[sweetPotato.productId]).toBeUndefined();
      expect([first, second].filter((id) => cart[id] !== undefined)).toHaveLength(1);
    },
    scaledTimeout(120_000),
  );

  it(
    "a decision whose store call fails half-way is undone (the record says so), and applied whole by the retry",
    async () => {
      const householdId = "household-retry";
      const { runId, first } = await runFor(householdId);
      const accept: Decision = {
        originalProductId: sweetPotato.productId,
        action: "accept",
        productId: first,
      };
      // The substitute is added, then the store times out removing the original: the addition is undone.
      const broken = await decide(householdId, runId, [accept], {
        removeFromCart: async (productId: string) => {
          if (productId === sweetPotato.productId) throw new Error("the store did not answer in time");
          const port = await storeOf(householdId)();
          await port.removeFromCart(productId).finally(() => port.close());
        },
      });
      expect(broken.results[0]).toMatchObject({
        outcome: "failed",
        error: "the store did not answer in time",
        code: "store_failed",
        undone: true,
        changes: [],
      });
      expect(cartOf(householdId)).toEqual({ [sweetPotato.productId]: 2, [rice.productId]: 1 });
      const failed = await harness.runsOf(TENANT).getRun(runId);
      expect(failed?.decisions?.[0]).toMatchObject({
        outcome: "failed",
        error: "the store did not answer in time",
        errorCode: "store_failed",
        undone: true,
      });

      const retried = await decide(householdId, runId, [accept]);
      expect(retried.results[0]?.outcome).toBe("applied");
      expect(retried.results[0]?.changes.map((c) => [c.change, c.productId])).toEqual([
        ["added", first],
        ["removed", sweetPotato.productId],
      ]);
      expect(cartOf(householdId)).toEqual({ [first]: SUBSTITUTE_PACKS, [rice.productId]: 1 });
      const run = await harness.runsOf(TENANT).getRun(runId);
      // The failed attempt (undone) stays on the record; the retry is a decision of its own, applied whole.
      expect(run?.decisions?.map((d) => [d.outcome, d.undone])).toEqual([
        ["failed", true],
        ["applied", undefined],
      ]);
      expect(run?.decisions?.[1]?.error).toBeUndefined();
    },
    scaledTimeout(120_000),
  );

  it(
    "the same substitute accepted on two runs of one cart: one pack, and the second answers original_not_in_cart",
    async () => {
      const householdId = "household-two-runs";
      const runA = await runFor(householdId);
      const { header: runB } = await harness.run(TENANT, householdId, { skipSlots: true });
      const firstOfB = runB.result?.substitutions[0]?.candidates[0]?.productId;
      expect(firstOfB).toBe(runA.first);
      const accept: Decision = {
        originalProductId: sweetPotato.productId,
        action: "accept",
        productId: runA.first,
      };
      const onA = await decide(householdId, runA.runId, [accept]);
      expect(onA.results[0]?.outcome).toBe("applied");
      for (let attempt = 0; attempt < 2; attempt++) {
        const onB = await decide(householdId, runB.runId, [accept]);
        expect(onB.results[0]).toMatchObject({
          outcome: "failed",
          code: "original_not_in_cart",
          undone: true,
          changes: [],
        });
        expect(cartOf(householdId)).toEqual({ [runA.first]: SUBSTITUTE_PACKS, [rice.productId]: 1 });
      }
      const recordB = await harness.runsOf(TENANT).getRun(runB.runId);
      expect(recordB?.decisions?.[0]).toMatchObject({
        outcome: "failed",
        errorCode: "original_not_in_cart",
        undone: true,
      });
    },
    scaledTimeout(180_000),
  );

  it(
    "a claim whose request died after adding (older than the lease) is completed by the next attempt, not repeated",
    async () => {
      const householdId = "household-died";
      const { runId, first } = await runFor(householdId);
      // What a request that died leaves: its claim on the run, and the substitute already in the cart.
      const port = await storeOf(householdId)();
      await port.addToCart(first, SUBSTITUTE_PACKS);
      await port.close();
      const claimedAt = new Date(Date.now() - DECISION_CLAIM_LEASE_MS - 1_000).toISOString();
      await harness.runsOf(TENANT).updateRun(runId, (header) => ({
        ...header,
        decisions: [
          {
            kind: "substitution",
            productId: sweetPotato.productId,
            action: "accept",
            substituteId: first,
            outcome: "claimed",
            decidedAt: claimedAt,
            claimedAt,
            claimId: "claim-of-a-dead-request",
            attempts: 1,
          },
        ],
      }));
      const answer = await decide(householdId, runId, [
        { originalProductId: sweetPotato.productId, action: "accept", productId: first },
      ]);
      expect(answer.results[0]?.outcome).toBe("applied");
      expect(cartOf(householdId)).toEqual({ [first]: SUBSTITUTE_PACKS, [rice.productId]: 1 });
      const run = await harness.runsOf(TENANT).getRun(runId);
      expect(run?.decisions?.[0]).toMatchObject({ outcome: "applied", attempts: 2 });
    },
    scaledTimeout(120_000),
  );
});
