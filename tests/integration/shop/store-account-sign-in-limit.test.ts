import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningApiServer, startApiServer } from "../../../dev/api-server";
import { loadFunctionHandler } from "../../../dev/load-handler";
import type { HttpApiHandler } from "../../../functions/core/http/lambda-handler";
import { installLocalWorkflowPort } from "../../../functions/core/workflow/process-workflow-port";
import { createTableStoreAccountAttempts } from "../../../functions/shop/adapters/table-store-account-attempts";
import { householdForTenant } from "../../../functions/shop/domain/household-for-tenant";
import { MAX_SIGN_INS_PER_DAY } from "../../../functions/shop/domain/store-account/sign-in-limit";
import { allFunctions, allRoutes } from "../../../lib/areas";
import { type ApiCall, createApiCall } from "../../support/local-api-server";
import { productNamed } from "../../support/shop/catalog-fixture";
import { type CoordinatorHarness, startCoordinatorHarness } from "../../support/shop/coordinator-harness";
import { scaledTimeout } from "../../support/test-timeouts";

/**
 * The tenant's sign-ins per UTC day on the real parts: ShopApi's real Lambda entry, the coordinator's real
 * ASL signing in to the simulated store in Chromium, and the day's count in DynamoDB Local (written by the
 * same adapter the steps count with). Once the day's sign-ins are used, POST /shop/runs refuses a run that
 * would sign in (429, Retry-After) and a run started anyway (the weekly schedule) types nothing.
 */
const PASSWORD = "Larder-secret-5d1c0b!";
const FAY = { tenant: "casa-fay", email: "fay@example.com", name: "Fay" };
const GUS = { tenant: "casa-gus", email: "gus@example.com", name: "Gus" };

let harness: CoordinatorHarness;
let api: RunningApiServer;
let call: ApiCall;
let keyDir: string;

beforeAll(async () => {
  keyDir = mkdtempSync(join(tmpdir(), "larder-sign-in-limit-"));
  harness = await startCoordinatorHarness({
    LLM_PROVIDER: "none",
    STORE_ACCOUNT_KEY_FILE: join(keyDir, "store-account.key"),
  });
  installLocalWorkflowPort(harness.runner);
  api = await startApiServer({
    host: "127.0.0.1",
    port: 0,
    routes: allRoutes(),
    functions: allFunctions(),
    loadHandler: (fn) => loadFunctionHandler<HttpApiHandler>(fn),
  });
  call = createApiCall(api.url);
  const milk = productNamed("leite auchan uht meio gordo slim 1l").productId;
  for (const person of [FAY, GUS]) {
    const householdId = householdForTenant(person.tenant);
    harness.store.seedHousehold(householdId, { cart: [{ productId: milk, quantity: 2 }] });
    harness.store.accounts.register({
      email: person.email,
      password: PASSWORD,
      householdId,
      name: person.name,
    });
    const saved = await call("PUT", "/shop/store-account", {
      tenant: person.tenant,
      body: { email: person.email, password: PASSWORD },
    });
    expect(saved.status).toBe(200);
  }
}, scaledTimeout(90_000));

afterAll(async () => {
  await api?.close();
  installLocalWorkflowPort(undefined);
  await harness?.close();
  rmSync(keyDir, { recursive: true, force: true });
});

/** The tenant's sign-ins of today, counted as the steps count them, until the day's limit is reached. */
const useTodaysSignIns = async (tenant: string) => {
  const attempts = createTableStoreAccountAttempts(harness.table.forTenant(tenant));
  while ((await attempts.counted("sign_in", new Date())) < MAX_SIGN_INS_PER_DAY) {
    await attempts.count("sign_in", new Date());
  }
};

const postRun = (tenant: string) =>
  fetch(`${api.url}/shop/runs`, {
    method: "POST",
    headers: { authorization: `Bearer dev:${tenant}`, "content-type": "application/json" },
    body: JSON.stringify({}),
  });

describe("a tenant's sign-ins to the store per day", () => {
  it(
    "refuses POST /shop/runs 429 with Retry-After once they are used, and a run started anyway types nothing",
    async () => {
      await useTodaysSignIns(GUS.tenant);
      const refused = await postRun(GUS.tenant);
      const body = (await refused.json()) as { error: { code: string; fix: string } };
      expect(refused.status).toBe(429);
      expect(body.error.code).toBe("store_sign_in_limited");
      expect(body.error.fix).toMatch(/midnight UTC/);
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(86_400);
      // No run was started.
      const listed = await call("GET", "/shop/runs", { tenant: GUS.tenant });
      expect((listed.json() as { runs: unknown[] }).runs).toEqual([]);

      // A run that starts without the API (the weekly schedule) fails at its first sign-in, before a keystroke.
      const { header } = await harness.run(GUS.tenant, householdForTenant(GUS.tenant));
      expect(header.status).toBe("failed");
      expect(header.error?.code).toBe("store_sign_in_limited");
      expect(header.error?.fix).toMatch(/midnight UTC/);
      expect(header.result).toBeUndefined();
      expect(harness.store.accounts.signInAttempts(GUS.email)).toBe(0);
      // The account is still as it was saved: nothing was tried.
      const account = await call("GET", "/shop/store-account", { tenant: GUS.tenant });
      expect(account.json()).toMatchObject({ connected: true, status: "none" });
    },
    scaledTimeout(90_000),
  );

  it(
    "still starts a run for a signed-in account, which reuses its session and signs in no more",
    async () => {
      const first = await harness.run(FAY.tenant, householdForTenant(FAY.tenant));
      expect(first.header.status).toBe("succeeded");
      expect(harness.store.accounts.signInAttempts(FAY.email)).toBe(1);
      await useTodaysSignIns(FAY.tenant);

      const started = await postRun(FAY.tenant);
      expect(started.status).toBe(202);
      const { runId } = (await started.json()) as { runId: string };
      const header = await harness.runsOf(FAY.tenant).getRun(runId);
      await harness.runner.waitForExecution(header?.executionId ?? "");
      const ended = await harness.runsOf(FAY.tenant).getRun(runId);
      expect(ended?.status).toBe("succeeded");
      expect(harness.store.accounts.signInAttempts(FAY.email)).toBe(1);
    },
    scaledTimeout(90_000),
  );
});
