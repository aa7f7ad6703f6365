import { describe, expect, it } from "vitest";
import { StoreSignInFailedError } from "../../../../functions/shop/adapters/store/store-errors";
import { composeRunResult } from "../../../../functions/shop/domain/runs/run-result";
import { emptyUsage, type RunHeader } from "../../../../functions/shop/domain/runs/shop-run";
import { applyDecisions } from "../../../../functions/shop/domain/use-cases/apply-decisions";
import { createInMemoryShopRunRepository } from "../../../support/shop/in-memory-shop-run-repository";

/**
 * A decision that cannot reach the cart because the store refused the household's account answers the
 * sign-in's code and fix (not `store_failed`), in the same words as the run's error, said once.
 */
describe("a decision whose store sign-in is refused", () => {
  it("answers store_sign_in_failed with the store's words once and the fix, and records it so", async () => {
    const runs = createInMemoryShopRunRepository();
    const result = composeRunResult({
      items: [],
      cartAdditions: [],
      prune: {
        value: [{ productId: "p-old", name: "Arroz", reason: "bought 3 days ago" }],
        source: "heuristic",
        usage: emptyUsage(),
      },
    });
    const header: RunHeader = {
      runId: "run-1",
      status: "succeeded",
      startedAt: "2026-01-01T10:00:00.000Z",
      endedAt: "2026-01-01T10:00:05.000Z",
      householdId: "hh_1",
      options: { maxConcurrency: 20, skipPrune: false, skipSlots: false },
      result,
    };
    await runs.createRun(header);
    const refusal = new StoreSignInFailedError("O email ou a palavra-passe não estão corretos.");

    const answer = await applyDecisions(
      {
        runs,
        store: async () => {
          throw refusal;
        },
        now: () => new Date("2026-01-01T11:00:00.000Z"),
      },
      { runId: "run-1", decisions: [{ pruneProductId: "p-old", action: "remove" }] },
    );

    const [outcome] = answer.results;
    expect(outcome).toMatchObject({ outcome: "failed", code: "store_sign_in_failed", undone: true });
    expect(outcome?.error).toBe(refusal.message);
    expect(outcome?.error?.match(/O email ou a palavra-passe/g)).toHaveLength(1);
    expect(outcome?.fix).toBe(
      "Connect the account again with the right email and password: PUT /shop/store-account",
    );
    const recorded = (await runs.getRun("run-1"))?.decisions?.[0];
    expect(recorded).toMatchObject({ outcome: "failed", errorCode: "store_sign_in_failed" });
  });
});
