import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CoordinatorHarness, startCoordinatorHarness } from "../../support/shop/coordinator-harness";
import { scaledTimeout } from "../../support/test-timeouts";

/**
 * A real store's URL (Auchan.pt) and a household that connected no store account: the run fails with
 * store_account_missing before any step reads the cart, so nothing reaches the network (the simulated
 * store the harness starts is never asked either).
 */
let harness: CoordinatorHarness;
beforeAll(async () => {
  harness = await startCoordinatorHarness({ LLM_PROVIDER: "none", STORE_URL: "https://www.auchan.pt" });
}, scaledTimeout(60_000));
afterAll(async () => {
  await harness?.close();
});

describe("a household without a store account on a real store", () => {
  it(
    "gets store_account_missing before any cart read",
    async () => {
      const { header, execution } = await harness.run("casa-sem-conta", "casa-sem-conta");
      expect(header.status).toBe("failed");
      expect(header.error?.code).toBe("store_account_missing");
      // The fix is said once, beside the message (issue 49).
      expect(header.error?.fix).toContain("PUT /shop/store-account");
      // BuildCart (past orders, then the cart) failed at once, never retried; ScanCart never ran.
      const names = execution.steps.map((step) => step.name);
      expect(names).toContain("BuildCart");
      expect(names).not.toContain("ScanCart");
      expect(execution.steps.find((step) => step.name === "BuildCart")?.retries).toBe(0);
    },
    scaledTimeout(60_000),
  );
});
