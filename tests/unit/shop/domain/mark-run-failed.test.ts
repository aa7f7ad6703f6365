import { describe, expect, it } from "vitest";
import type { RunHeader } from "../../../../functions/shop/domain/runs/shop-run";
import { listShopRuns } from "../../../../functions/shop/domain/use-cases/list-runs";
import { markRunFailedStep } from "../../../../functions/shop/domain/use-cases/mark-run-failed-step";
import { createInMemoryShopRunRepository } from "../../../support/shop/in-memory-shop-run-repository";

/**
 * A failed run's summary holds to the facts: a run that failed before it read the cart says nothing was
 * read (no result, never "All items available"), and every place that shows the run (its record, the
 * list, the workflow's failure report the event is made of) says why, with the fix.
 */
const header = (runId: string): RunHeader => ({
  runId,
  status: "running",
  startedAt: "2026-01-01T10:00:00.000Z",
  householdId: "hh_1",
  options: { maxConcurrency: 20, skipPrune: false, skipSlots: false },
});

/** A Lambda's error document, as Step Functions puts it in a Catch's `Cause`. */
const cause = (message: string) => JSON.stringify({ errorType: "x", errorMessage: message });

const failures = [
  {
    error: "StoreSignInFailedError",
    message:
      'The store refused the account\'s email or password: "O email ou a palavra-passe não estão corretos."',
    code: "store_sign_in_failed",
    fix: /PUT \/shop\/store-account/,
  },
  {
    error: "StoreSignInNeedsPersonError",
    message:
      'Signing in to the store needs a person: a challenge (div.g-recaptcha) on "Verificação de segurança"',
    code: "store_sign_in_needs_person",
    fix: /Sign in once on the store's site yourself/,
  },
  {
    error: "StoreAccountMissingError",
    message: "No store account is connected for this household",
    code: "store_account_missing",
    fix: /PUT \/shop\/store-account/,
  },
  {
    error: "StoreUnreachableError",
    message: "Store unreachable at http://127.0.0.1:3001: connect ECONNREFUSED",
    code: "store_unreachable",
    fix: /Check that the store is up/,
  },
  {
    error: "StoreDeadlineExceededError",
    message: "The store call reached its deadline waiting for the cart",
    code: "store_deadline_exceeded",
    fix: /POST \/shop\/runs/,
  },
  {
    error: "StorePageChangedError",
    message: 'Store page "cart" no longer matches selector registry 3',
    code: "store_page_changed",
    fix: /selector registry/,
  },
  {
    error: "States.Timeout",
    message: "",
    code: "States.Timeout",
    fix: /Start a new run: POST \/shop\/runs/,
  },
] as const;

describe("a run that fails before it reads the cart", () => {
  for (const failure of failures) {
    it(`${failure.code}: no result, the error says why and what to do, in the record, the list and the report`, async () => {
      const runs = createInMemoryShopRunRepository();
      const runId = `run-${failure.code.replaceAll(/[^a-z]/gi, "-")}`;
      await runs.createRun(header(runId));

      const report = await markRunFailedStep(
        { runs, now: () => new Date("2026-01-01T10:00:03.000Z") },
        { runId, failure: { Error: failure.error, Cause: cause(failure.message) }, prune: { skipped: true } },
      );

      const saved = (await runs.getRun(runId)) as RunHeader;
      expect(saved.status).toBe("failed");
      expect(saved.result).toBeUndefined();
      expect(JSON.stringify(saved)).not.toContain("All items available");
      expect(saved.error?.code).toBe(failure.code);
      expect(saved.error?.message).toBe(failure.message || "The run failed: States.Timeout");
      expect(saved.error?.fix).toMatch(failure.fix);

      const listed = (await listShopRuns({ runs }, { limit: 10 })).runs.find((run) => run.runId === runId);
      expect(listed?.error).toEqual(saved.error);

      // What AnnounceRunFailed publishes (shop.run.failed): the error's name, the code and the fix.
      expect(report).toMatchObject({ error: failure.error, code: failure.code, fix: saved.error?.fix });
    });
  }

  it("keeps BuildCart's additions but says the cart was not read", async () => {
    const runs = createInMemoryShopRunRepository();
    await runs.createRun(header("run-added"));
    await runs.updateRunContext("run-added", {
      cartAdditions: [
        { productId: "p1", name: "Leite", quantity: 1, why: "plan_ingredient", reason: "for the plan" },
      ],
    });
    await markRunFailedStep(
      { runs, now: () => new Date() },
      { runId: "run-added", failure: { Error: "StoreUnreachableError", Cause: cause("down") } },
    );
    const saved = (await runs.getRun("run-added")) as RunHeader;
    expect(saved.result?.partial).toBe(true);
    expect(saved.result?.summary).toBe(
      "The run failed before it read the cart: 1 plan line was added, nothing was checked",
    );
  });

  it("a run that read the cart keeps what it found as a partial result", async () => {
    const runs = createInMemoryShopRunRepository();
    await runs.createRun(header("run-read"));
    await runs.updateRunContext("run-read", { cart: [] });
    await markRunFailedStep(
      { runs, now: () => new Date() },
      { runId: "run-read", failure: { Error: "StoreUnreachableError", Cause: cause("down in ScoutSlots") } },
    );
    const saved = (await runs.getRun("run-read")) as RunHeader;
    expect(saved.result).toMatchObject({
      partial: true,
      summary: "All items available",
      totalUnavailable: 0,
    });
    expect(saved.error?.code).toBe("store_unreachable");
  });
});
