import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type RunningApiServer, startApiServer } from "../../../dev/api-server";
import { loadFunctionHandler } from "../../../dev/load-handler";
import type { HttpApiHandler } from "../../../functions/core/http/lambda-handler";
import { installLocalWorkflowPort } from "../../../functions/core/workflow/process-workflow-port";
import { householdForTenant } from "../../../functions/shop/domain/household-for-tenant";
import { allFunctions, allRoutes } from "../../../lib/areas";
import { type ApiCall, createApiCall } from "../../support/local-api-server";
import { productNamed } from "../../support/shop/catalog-fixture";
import { type CoordinatorHarness, startCoordinatorHarness } from "../../support/shop/coordinator-harness";
import { scaledTimeout } from "../../support/test-timeouts";

/**
 * A household's own store account on the real parts: the API (its real Lambda entry) saves it, the
 * coordinator workflow (the real ASL, every Task on its handler) signs in to the simulated store in
 * Chromium, and DynamoDB Local keeps the record and the sealed secrets. Every answer, every table item,
 * every execution's whole history and every log line of the file are searched for the password.
 */
const PASSWORD = "Larder-secret-7f3a9c!";
const WRONG_PASSWORD = "Larder-wrong-41b2e8?";
const ANA = { tenant: "casa-ana", email: "ana@example.com", name: "Ana" };
const BEA = { tenant: "casa-bea", email: "bea@example.com", name: "Bea" };
const CID = { tenant: "casa-cid", email: "cid@example.com", name: "Cid" };

let harness: CoordinatorHarness;
let api: RunningApiServer;
let call: ApiCall;
let keyDir: string;
const answers: string[] = [];
const logs: string[] = [];
const executions: string[] = [];

/** Keeps every line written to stdout, stderr or the console, as well as writing it. */
const recordOutput = () => {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    vi.spyOn(stream, "write").mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
      logs.push(String(chunk));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write);
  }
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    const original = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logs.push(args.map((arg) => (typeof arg === "string" ? arg : JSON.stringify(arg))).join(" "));
      original(...args);
    });
  }
};

beforeAll(async () => {
  recordOutput();
  keyDir = mkdtempSync(join(tmpdir(), "larder-store-account-"));
  harness = await startCoordinatorHarness({
    LLM_PROVIDER: "none",
    // Every log line the handlers write, to search them (the suite's default is SILENT).
    LOG_LEVEL: "DEBUG",
    STORE_ACCOUNT_KEY_FILE: join(keyDir, "store-account.key"),
  });
  // ShopApi reads a run's execution from the same local runner the steps run on.
  installLocalWorkflowPort(harness.runner);
  api = await startApiServer({
    host: "127.0.0.1",
    port: 0,
    routes: allRoutes(),
    functions: allFunctions(),
    loadHandler: (fn) => loadFunctionHandler<HttpApiHandler>(fn),
  });
  const documented = createApiCall(api.url);
  call = async (method, path, options) => {
    const answer = await documented(method, path, options);
    answers.push(answer.text);
    return answer;
  };
  const milk = productNamed("leite auchan uht meio gordo slim 1l").productId;
  for (const person of [ANA, BEA, CID]) {
    const householdId = householdForTenant(person.tenant);
    harness.store.seedHousehold(householdId, { cart: [{ productId: milk, quantity: 2 }] });
    harness.store.accounts.register({
      email: person.email,
      password: PASSWORD,
      householdId,
      name: person.name,
      ...(person === CID ? { challenge: "captcha" as const } : {}),
    });
  }
}, scaledTimeout(90_000));

afterAll(async () => {
  await api?.close();
  installLocalWorkflowPort(undefined);
  await harness?.close();
  vi.restoreAllMocks();
  rmSync(keyDir, { recursive: true, force: true });
});

const run = async (tenant: string) => {
  const outcome = await harness.run(tenant, householdForTenant(tenant));
  executions.push(JSON.stringify(harness.runner.history(outcome.execution.executionId)));
  executions.push(JSON.stringify(outcome.execution));
  // The run as the API shows it (status, steps, error) is searched with every other answer.
  expect((await call("GET", `/shop/runs/${outcome.header.runId}`, { tenant })).status).toBe(200);
  return outcome;
};

const accountOf = async (tenant: string) => {
  const answer = await call("GET", "/shop/store-account", { tenant });
  expect(answer.status).toBe(200);
  return answer.json() as { connected: boolean; email?: string; status: string; why: string };
};

describe("a run signs in to the household's own store account", () => {
  it(
    "signs in once and reads the cart, reuses the session in the next run, and signs in again once it expired",
    async () => {
      const saved = await call("PUT", "/shop/store-account", {
        tenant: ANA.tenant,
        body: { email: ANA.email, password: PASSWORD },
      });
      expect(saved.status).toBe(200);
      expect(saved.json()).toMatchObject({ connected: true, email: "a•••@example.com", status: "none" });

      const first = await run(ANA.tenant);
      expect(first.header.status).toBe("succeeded");
      // The cart was read signed in: its one line is the run's, as the store holds it for Ana's household.
      expect(first.header.result?.totalUnavailable).toBe(0);
      expect(harness.store.accounts.signInAttempts(ANA.email)).toBe(1);
      expect(await accountOf(ANA.tenant)).toMatchObject({ status: "signed_in", email: "a•••@example.com" });

      const second = await run(ANA.tenant);
      expect(second.header.status).toBe("succeeded");
      expect(harness.store.accounts.signInAttempts(ANA.email)).toBe(1);

      harness.store.accounts.expireSessions();
      const third = await run(ANA.tenant);
      expect(third.header.status).toBe("succeeded");
      expect(harness.store.accounts.signInAttempts(ANA.email)).toBe(2);
    },
    scaledTimeout(120_000),
  );

  it(
    "ends a run with a wrong password failed, store_sign_in_failed, after exactly one attempt, and says why",
    async () => {
      await call("PUT", "/shop/store-account", {
        tenant: BEA.tenant,
        body: { email: BEA.email, password: WRONG_PASSWORD },
      });
      const { header, execution } = await run(BEA.tenant);
      expect(header.status).toBe("failed");
      expect(header.error?.code).toBe("store_sign_in_failed");
      expect(header.error?.fix).toMatch(/PUT \/shop\/store-account/);
      // The cart was never read: no result, nothing reads "All items available".
      expect(header.result).toBeUndefined();
      expect(harness.store.accounts.signInAttempts(BEA.email)).toBe(1);
      // Not retried by the workflow either: BuildCart ran once.
      const buildCart = execution.steps.filter((step) => step.name === "BuildCart");
      expect(buildCart.map((step) => step.retries)).toEqual([0]);
      const account = await accountOf(BEA.tenant);
      expect(account.status).toBe("sign_in_failed");
      expect(account.why).toContain("palavra-passe não estão corretos");

      // The next run does not try the refused password again: only new credentials (PUT) clear it.
      const again = await run(BEA.tenant);
      expect(again.header.error?.code).toBe("store_sign_in_failed");
      expect(harness.store.accounts.signInAttempts(BEA.email)).toBe(1);
    },
    scaledTimeout(90_000),
  );

  it(
    "ends a run that meets a captcha with store_sign_in_needs_person and what was seen",
    async () => {
      await call("PUT", "/shop/store-account", {
        tenant: CID.tenant,
        body: { email: CID.email, password: PASSWORD },
      });
      const { header } = await run(CID.tenant);
      expect(header.status).toBe("failed");
      expect(header.error?.code).toBe("store_sign_in_needs_person");
      expect(header.result).toBeUndefined();
      expect(harness.store.accounts.signInAttempts(CID.email)).toBe(1);
      const account = await accountOf(CID.tenant);
      expect(account.status).toBe("needs_person");
      expect(account.why).toMatch(/challenge \(div\.g-recaptcha\) on "Verificação de segurança"/);
    },
    scaledTimeout(90_000),
  );

  it(
    "answers a sixth PUT of the same day 429 with Retry-After, keeping the fifth's account, and other tenants unaffected",
    async () => {
      const DEE = "casa-dee";
      for (let put = 1; put <= 5; put += 1) {
        const saved = await call("PUT", "/shop/store-account", {
          tenant: DEE,
          body: { email: `dee${put}@example.com`, password: WRONG_PASSWORD },
        });
        expect(saved.status).toBe(200);
      }
      const refused = await fetch(`${api.url}/shop/store-account`, {
        method: "PUT",
        headers: { authorization: `Bearer dev:${DEE}`, "content-type": "application/json" },
        body: JSON.stringify({ email: "zed@example.com", password: PASSWORD }),
      });
      const body = await refused.text();
      answers.push(body);
      expect(refused.status).toBe(429);
      expect((JSON.parse(body) as { error: { code: string } }).error.code).toBe("rate_limited");
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(86_400);
      // The refused PUT (zed@…) changed nothing: the fifth's account stands.
      expect((await accountOf(DEE)).email).toBe("d•••@example.com");
      expect(
        (
          await call("PUT", "/shop/store-account", {
            tenant: "casa-eve",
            body: { email: "eve@example.com", password: WRONG_PASSWORD },
          })
        ).status,
      ).toBe(200);
    },
    scaledTimeout(30_000),
  );

  it(
    "never shows the password: not in the table, a run record, an execution's history, an API answer or a log",
    async () => {
      const removed = await call("DELETE", "/shop/store-account", { tenant: BEA.tenant });
      expect(removed.status).toBe(204);
      expect(await accountOf(BEA.tenant)).toMatchObject({ connected: false, status: "none" });

      const items: unknown[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await harness.table.documentClient.send(
          new ScanCommand({ TableName: harness.table.tableName, ExclusiveStartKey: startKey }),
        );
        items.push(...(page.Items ?? []));
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      const table = JSON.stringify(items);
      // The search would find it: the table holds Ana's and Cid's sealed accounts and six runs' records.
      expect(table).toContain("STOREACCOUNT");
      expect(table).toContain("store_sign_in_failed");
      expect(executions.length).toBe(12);
      expect(answers.length).toBeGreaterThanOrEqual(14);
      expect(logs.length).toBeGreaterThan(0);

      for (const [where, text] of [
        ["the table (accounts, run records)", table],
        ["the executions' histories", executions.join("\n")],
        ["the API's answers", answers.join("\n")],
        ["the logs", logs.join("\n")],
      ] as const) {
        for (const password of [PASSWORD, WRONG_PASSWORD]) {
          expect(text.includes(password), `${where} must not hold the password`).toBe(false);
        }
      }
    },
    scaledTimeout(30_000),
  );
});
