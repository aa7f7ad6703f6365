import { describe, expect, it } from "vitest";
import { createLambdaContext } from "../../../../dev/lambda-context";
import { toLambdaHandler } from "../../../../functions/core/http/lambda-handler";
import { LlmUnavailable } from "../../../../functions/core/llm";
import { createLogger } from "../../../../functions/core/logger";
import type { WorkflowPort } from "../../../../functions/core/workflow/workflow-port";
import { storeSessionOpener } from "../../../../functions/shop/adapters/store-session-opener";
import { householdForTenant } from "../../../../functions/shop/domain/household-for-tenant";
import type { ShopRunRepository } from "../../../../functions/shop/domain/ports/shop-run-repository";
import type { RunHeader } from "../../../../functions/shop/domain/runs/shop-run";
import { originalItemFromCartLine } from "../../../../functions/shop/domain/substitution/substitution-worker";
import { rankByHeuristic } from "../../../../functions/shop/domain/substitution/value-ranker";
import { createShopApp } from "../../../../functions/shop/http/create-shop-app";
import { shopModelScope } from "../../../../functions/shop/wiring/shop-request-scopes";
import {
  createMemoryStoreAccountAttempts,
  createMemoryStoreAccountVault,
} from "../../../../scripts/memory-store-account-vault";
import { buildHttpApiEvent, resultJson, structuredResult } from "../../../support/http-api-event";
import { createFakeLlm } from "../../../support/llm/fake-llm";
import { createRecordingEventPublisher } from "../../../support/recording-event-publisher";
import {
  createFakeStore,
  type FakeStore,
  SWEET_POTATO_CANDIDATES,
  SWEET_POTATO_ORIGINAL,
} from "../../../support/shop/coordinator-fixtures";
import { createInMemoryShopRunRepository } from "../../../support/shop/in-memory-shop-run-repository";
import { createInMemorySubstitutionChoices } from "../../../support/shop/in-memory-substitution-choices";
import { createInMemoryWeeklyRunIndex } from "../../../support/shop/in-memory-weekly-run-index";

const harness = () => {
  const repositories = new Map<string, ShopRunRepository & { items: Map<string, unknown> }>();
  const runsFor = (tenant: string) => {
    const existing = repositories.get(tenant);
    if (existing) return existing;
    const created = createInMemoryShopRunRepository();
    repositories.set(tenant, created);
    return created;
  };
  const started: Array<{ name: string; input: unknown; executionName?: string }> = [];
  const workflows: Pick<WorkflowPort, "start" | "describe"> = {
    start: async (name, input, options) => {
      started.push({
        name,
        input,
        ...(options?.executionName ? { executionName: options.executionName } : {}),
      });
      return { executionId: `exec-${started.length}`, startedAt: "2026-01-21T10:00:00.000Z" };
    },
    describe: async (executionId) => ({
      executionId,
      workflowName: "shop-coordinator",
      status: "RUNNING",
      input: {},
      startedAt: "2026-01-21T10:00:00.000Z",
      steps: [
        {
          name: "BuildCart",
          type: "Task",
          enteredAt: "2026-01-21T10:00:00.100Z",
          exitedAt: "2026-01-21T10:00:01.000Z",
          status: "SUCCEEDED",
          retries: 0,
        },
        {
          name: "GenerateQueries",
          type: "Task",
          enteredAt: "2026-01-21T10:00:01.100Z",
          status: "RUNNING",
          retries: 0,
        },
      ],
    }),
  };
  const stores = new Map<string, FakeStore>();
  const weeklyRuns = createInMemoryWeeklyRunIndex();
  let runCounter = 0;
  const logger = createLogger("shop-http-test");
  const choices = new Map<string, ReturnType<typeof createInMemorySubstitutionChoices>>();
  const app = createShopApp({
    logger,
    runsFor,
    choicesFor: (tenant) => {
      const existing =
        choices.get(tenant) ?? createInMemorySubstitutionChoices(() => new Date("2026-01-21T10:00:00.000Z"));
      choices.set(tenant, existing);
      return existing;
    },
    workflows,
    // POST /shop/runs reads the account's status (none here: no sign-in, no limit).
    storeAccountFor: () => createMemoryStoreAccountVault(),
    storeAccountAttemptsFor: () => createMemoryStoreAccountAttempts(),
    storeSessions: storeSessionOpener(async ({ householdId }) => {
      // The cart the finished run saw: the unavailable original and the rice it proposes pruning.
      const store =
        stores.get(householdId) ??
        createFakeStore({
          cart: [
            SWEET_POTATO_ORIGINAL,
            {
              ...SWEET_POTATO_ORIGINAL,
              productId: "5000001",
              name: "arroz carolino auchan 1kg",
              available: true,
            },
          ],
        });
      stores.set(householdId, store);
      return { ...store, close: async () => undefined };
    }),
    inRequestScope: shopModelScope(
      createFakeLlm()
        .onStructured("generate_search_query", new LlmUnavailable("offline"))
        .onStructured("rank_substitutes_by_value", new LlmUnavailable("offline")),
    ),
    plansFor: (tenant) => ({
      snapshotExists: async (snapshotId) => tenant === "alice" && snapshotId === "alice-week",
    }),
    weeklyRuns,
    newRunId: () => `run_${++runCounter}`,
    events: createRecordingEventPublisher(),
    now: () => new Date("2026-01-21T10:00:00.000Z"),
  });
  const handler = toLambdaHandler(app, logger);
  const call = async (
    method: string,
    path: string,
    options: { tenant?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const event = buildHttpApiEvent({
      method,
      path,
      claims: { tenant: options.tenant ?? "alice" },
      ...(options.body === undefined ? {} : { body: options.body }),
      ...(options.headers ? { headers: options.headers } : {}),
    });
    const result = structuredResult(await handler(event, createLambdaContext("ShopApi", 29)));
    return {
      status: result.statusCode ?? 200,
      headers: result.headers ?? {},
      json: () => resultJson(result) as Record<string, unknown>,
    };
  };
  return { call, started, runsFor, stores, weeklyRuns };
};

/** A succeeded run whose result recommends the sweet potato's heuristic ranking and one prune. */
const seedSucceededRun = async (runs: ShopRunRepository, runId = "run_done"): Promise<RunHeader> => {
  const ranked = rankByHeuristic({
    originalProduct: SWEET_POTATO_ORIGINAL,
    candidates: SWEET_POTATO_CANDIDATES.slice(0, 4),
  });
  const header: RunHeader = {
    runId,
    status: "succeeded",
    startedAt: "2026-01-21T09:00:00.000Z",
    householdId: "alice",
    options: { maxConcurrency: 20, skipPrune: false, skipSlots: false },
    result: {
      substitutions: [
        {
          originalItem: originalItemFromCartLine(SWEET_POTATO_ORIGINAL),
          status: "substitutes_found",
          candidates: ranked.rankings.map((r) => {
            const product = SWEET_POTATO_CANDIDATES.find((c) => c.productId === r.productId);
            return {
              ...r,
              name: product?.name ?? "",
              price: product?.price ?? 0,
              pricePerUnit: product?.pricePerUnit,
            };
          }),
          reason: ranked.summary,
        },
      ],
      summary: "1 of 1",
      totalUnavailable: 1,
      totalWithSubstitutes: 1,
      failedItems: [],
      cartAdditions: [],
      pruned: [{ productId: "5000001", name: "arroz carolino auchan 1kg", reason: "Comprado há 21 dias" }],
      slots: [],
      usage: { calls: 0, failedCalls: 0, inputTokens: 0, outputTokens: 0, latencyMs: 0, offlineCalls: 0 },
      heuristicSteps: {},
      offline: true,
      degraded: false,
    },
  };
  await runs.createRun(header);
  return header;
};

describe("POST /shop/runs (createShopRun)", () => {
  it("answers 202 with a runId and starts the coordinator for the tenant's own household", async () => {
    const { call, started } = harness();
    const response = await call("POST", "/shop/runs", { body: { options: { maxConcurrency: 5 } } });
    expect(response.status).toBe(202);
    expect(response.json()).toEqual({ runId: "run_1" });
    expect(started).toEqual([
      {
        name: "shop-coordinator",
        executionName: "run_1",
        input: {
          tenant: "alice",
          runId: "run_1",
          householdId: "alice",
          options: { maxConcurrency: 5, skipPrune: false, skipSlots: false },
          planSnapshotId: null,
        },
      },
    ]);
  });

  it("answers a retried POST with the same Idempotency-Key with the same run, started once", async () => {
    const { call, started } = harness();
    const headers = { "idempotency-key": "weekly-2026-04" };
    const first = await call("POST", "/shop/runs", { body: {}, headers });
    const second = await call("POST", "/shop/runs", { body: {}, headers });
    expect(second.json()).toEqual(first.json());
    expect(started).toHaveLength(1);
  });

  it("answers 409 idempotency_key_reused for the same Idempotency-Key with another body, starting nothing", async () => {
    const { call, started } = harness();
    const headers = { "idempotency-key": "run-once" };
    const first = await call("POST", "/shop/runs", { body: { options: { maxConcurrency: 5 } }, headers });
    expect(first.status).toBe(202);
    const reused = await call("POST", "/shop/runs", { body: { options: { maxConcurrency: 6 } }, headers });
    expect(reused.status).toBe(409);
    expect(reused.json()).toMatchObject({
      error: { code: "idempotency_key_reused", details: { header: "Idempotency-Key" } },
    });
    const withPlan = await call("POST", "/shop/runs", {
      body: { plan_snapshot_id: "alice-week", options: { maxConcurrency: 5 } },
      headers,
    });
    expect(withPlan.status).toBe(409);
    const same = await call("POST", "/shop/runs", { body: { options: { maxConcurrency: 5 } }, headers });
    expect(same.json()).toEqual(first.json());
    expect(started).toHaveLength(1);
  });

  it("refuses bad options and a malformed plan id naming the field, starting nothing", async () => {
    const { call, started } = harness();
    const bad = await call("POST", "/shop/runs", { body: { options: { maxConcurrency: 0 } } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json())).toContain("body.options.maxConcurrency");
    const badPlan = await call("POST", "/shop/runs", { body: { plan_snapshot_id: "week/1" } });
    expect(badPlan.status).toBe(400);
    expect(JSON.stringify(badPlan.json())).toContain("plan_snapshot_id");
    expect(started).toEqual([]);
  });

  it("answers 404 naming plan_snapshot_id for a plan the tenant does not have, before any run starts", async () => {
    const { call, started, runsFor } = harness();
    // alice-week is alice's: bob may not merge it.
    const missing = await call("POST", "/shop/runs", {
      tenant: "bob",
      body: { plan_snapshot_id: "alice-week" },
    });
    expect(missing.status).toBe(404);
    expect(missing.json()).toMatchObject({
      error: { code: "plan_snapshot_not_found", details: { field: "plan_snapshot_id" } },
    });
    expect(started).toEqual([]);
    expect((await runsFor("bob").listRuns({ limit: 10 })).runs).toEqual([]);
  });

  it("starts a run with the tenant's plan, handing the snapshot id to the workflow", async () => {
    const { call, started } = harness();
    const answer = await call("POST", "/shop/runs", { body: { plan_snapshot_id: "alice-week" } });
    expect(answer.status).toBe(202);
    expect(started).toHaveLength(1);
    expect(started[0]?.input).toMatchObject({ tenant: "alice", planSnapshotId: "alice-week" });
  });

  it("maps a tenant whose id the store cannot take to a digest, never to another household", () => {
    expect(householdForTenant("demo")).toBe("demo");
    expect(householdForTenant("acme.eu")).toMatch(/^t-[0-9a-f]{40}$/);
    expect(householdForTenant("acme.eu")).not.toBe(householdForTenant("acme_eu"));
  });
});

describe("GET /shop/runs/{runId} and GET /shop/runs", () => {
  it("shows a running run's top-level steps and progress, and hides it from other tenants", async () => {
    const { call } = harness();
    await call("POST", "/shop/runs", { body: {} });
    const view = await call("GET", "/shop/runs/run_1");
    expect(view.status).toBe(200);
    expect(view.json()).toMatchObject({
      runId: "run_1",
      status: "running",
      itemsDone: 0,
      steps: [
        {
          name: "BuildCart",
          status: "SUCCEEDED",
          startedAt: "2026-01-21T10:00:00.100Z",
          endedAt: "2026-01-21T10:00:01.000Z",
        },
      ],
    });
    expect((await call("GET", "/shop/runs/run_1", { tenant: "bob" })).status).toBe(404);
    const list = await call("GET", "/shop/runs?limit=10");
    expect(list.json()).toMatchObject({ runs: [{ runId: "run_1", status: "running" }] });
    expect((await call("GET", "/shop/runs?limit=0")).status).toBe(400);
  });
});

describe("POST /shop/runs/{runId}/decisions (applyShopRunDecisions)", () => {
  it("applies an accepted substitute (add it, remove the original) and a prune, and records them", async () => {
    const { call, runsFor, stores } = harness();
    await seedSucceededRun(runsFor("alice"));
    const response = await call("POST", "/shop/runs/run_done/decisions", {
      body: {
        decisions: [
          { originalProductId: SWEET_POTATO_ORIGINAL.productId, action: "accept", productId: "2394892" },
          { pruneProductId: "5000001", action: "remove" },
        ],
      },
    });
    expect(response.status).toBe(200);
    const store = stores.get("alice");
    // 2 × 400 g of the original is covered by one 1 kg pack (issue 24), not 2 × 1 kg.
    expect(store?.added).toEqual([{ productId: "2394892", quantity: 1 }]);
    expect(store?.removed).toEqual([SWEET_POTATO_ORIGINAL.productId, "5000001"]);
    const run = await call("GET", "/shop/runs/run_done");
    expect(run.json().decisions).toHaveLength(2);
  });

  it("answers a re-sent decision with its earlier outcome without touching the cart, and 409 for a different one", async () => {
    const { call, runsFor, stores } = harness();
    await seedSucceededRun(runsFor("alice"));
    const decisions = [
      { originalProductId: SWEET_POTATO_ORIGINAL.productId, action: "accept", productId: "2394892" },
      { pruneProductId: "5000001", action: "remove" },
    ];
    const first = await call("POST", "/shop/runs/run_done/decisions", { body: { decisions } });
    expect(first.status).toBe(200);
    const again = await call("POST", "/shop/runs/run_done/decisions", { body: { decisions } });
    expect(again.status).toBe(200);
    expect(again.json().results).toEqual([
      expect.objectContaining({
        outcome: "applied",
        changes: [],
        alreadyDecidedAt: "2026-01-21T10:00:00.000Z",
      }),
      expect.objectContaining({
        outcome: "applied",
        changes: [],
        alreadyDecidedAt: "2026-01-21T10:00:00.000Z",
      }),
    ]);
    const store = stores.get("alice");
    // 2 × 400 g of the original is covered by one 1 kg pack (issue 24), not 2 × 1 kg.
    expect(store?.added).toEqual([{ productId: "2394892", quantity: 1 }]);
    expect(store?.removed).toEqual([SWEET_POTATO_ORIGINAL.productId, "5000001"]);
    const changed = await call("POST", "/shop/runs/run_done/decisions", {
      body: { decisions: [{ originalProductId: SWEET_POTATO_ORIGINAL.productId, action: "reject" }] },
    });
    expect(changed.status).toBe(409);
    expect(changed.json()).toMatchObject({
      error: { code: "decision_already_made", details: { issues: [{ path: "decisions.0" }] } },
    });
    const twice = await call("POST", "/shop/runs/run_done/decisions", {
      body: {
        decisions: [
          { pruneProductId: "5000001", action: "keep" },
          { pruneProductId: "5000001", action: "keep" },
        ],
      },
    });
    expect(twice.status).toBe(422);
    expect(store?.added).toHaveLength(1);
    expect((await call("GET", "/shop/runs/run_done")).json().decisions).toHaveLength(2);
  });

  it("answers 422 for a product the run did not recommend, and applies nothing", async () => {
    const { call, runsFor, stores } = harness();
    await seedSucceededRun(runsFor("alice"));
    const response = await call("POST", "/shop/runs/run_done/decisions", {
      body: {
        decisions: [
          { pruneProductId: "5000001", action: "remove" },
          { originalProductId: SWEET_POTATO_ORIGINAL.productId, action: "accept", productId: "6538671" },
        ],
      },
    });
    expect(response.status).toBe(422);
    expect(response.json()).toMatchObject({
      error: { code: "decision_not_recommended", details: { issues: [{ path: "decisions.1.productId" }] } },
    });
    expect(stores.get("alice")).toBeUndefined();
  });

  it("answers 409 while the run is still running, and 400 naming the field of a decision of neither shape", async () => {
    const { call } = harness();
    await call("POST", "/shop/runs", { body: {} });
    const running = await call("POST", "/shop/runs/run_1/decisions", {
      body: { decisions: [{ pruneProductId: "5000001", action: "keep" }] },
    });
    expect(running.status).toBe(409);
    const malformed = await call("POST", "/shop/runs/run_1/decisions", {
      body: { decisions: [{ action: "accept" }] },
    });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.json())).toContain("body.decisions.0.originalProductId");
    const badAction = await call("POST", "/shop/runs/run_1/decisions", {
      body: { decisions: [{ pruneProductId: "5000001", action: "delete" }] },
    });
    expect(badAction.status).toBe(400);
    expect(JSON.stringify(badAction.json())).toContain("body.decisions.0.action");
  });
});

describe("the substitution steps on their own, and preferences", () => {
  it("POST /shop/substitutes/queries answers the seed's QueryGeneratorOutput, saying the heuristic answered", async () => {
    const { call } = harness();
    const response = await call("POST", "/shop/substitutes/queries", {
      body: { productName: "batata doce auchan em cubos para cozer 400g", originalPrice: 1.69 },
    });
    expect(response.status).toBe(200);
    expect(response.headers["x-larder-source"]).toBe("heuristic");
    expect(response.json()).toMatchObject({ primaryQuery: "batata doce cubos", searchStrategy: "exact" });
    expect((await call("POST", "/shop/substitutes/queries", { body: { productName: "" } })).status).toBe(400);
  });

  it("POST /shop/substitutes/rank answers the seed's ValueRankerOutput", async () => {
    const { call } = harness();
    const response = await call("POST", "/shop/substitutes/rank", {
      body: {
        originalProduct: { name: SWEET_POTATO_ORIGINAL.name, price: 1.69, pricePerUnit: "4.22 €/Kg" },
        candidates: SWEET_POTATO_CANDIDATES.slice(0, 3).map(({ categoryPath: _, ...c }) => c),
      },
    });
    expect(response.status).toBe(200);
    const body = response.json() as { rankings: Array<Record<string, unknown>>; summary: string };
    expect(Object.keys(body.rankings[0] ?? {}).sort()).toEqual([
      "brandPreference",
      "capacityCostRatio",
      "priceComparison",
      "productId",
      "rank",
      "reason",
      "recommendation",
      "valueScore",
    ]);
    const badScore = await call("POST", "/shop/substitutes/rank", {
      body: { originalProduct: { name: "x", price: -1 }, candidates: [] },
    });
    expect(JSON.stringify(badScore.json())).toContain("body.originalProduct.price");
  });

  it("GET /shop/preferences answers the defaults, PUT stores them per tenant, and refuses a bad field by name", async () => {
    const { call } = harness();
    expect((await call("GET", "/shop/preferences")).json()).toMatchObject({
      defaultPolicy: { policy: "best_match" },
      priceCapPercent: 20,
    });
    const put = await call("PUT", "/shop/preferences", {
      body: { bannedBrands: ["Iglo"], slots: { maxFeeCents: 500 } },
    });
    expect(put.status).toBe(200);
    expect((await call("GET", "/shop/preferences")).json()).toMatchObject({ bannedBrands: ["Iglo"] });
    expect((await call("GET", "/shop/preferences", { tenant: "bob" })).json()).toMatchObject({
      bannedBrands: [],
    });
    const bad = await call("PUT", "/shop/preferences", { body: { priceCapPercent: -5 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json())).toContain("body.priceCapPercent");
  });

  it("PUT /shop/preferences refuses an unknown key naming it, and keeps the stored preferences", async () => {
    const { call, weeklyRuns } = harness();
    await call("PUT", "/shop/preferences", { body: { weeklyRun: { weekday: "sat", hour: 8 } } });
    const unknown = await call("PUT", "/shop/preferences", { body: { priceCap: "a lot" } });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain("priceCap");
    const nested = await call("PUT", "/shop/preferences", { body: { slots: { maxFee: 5 } } });
    expect(nested.status).toBe(400);
    expect(JSON.stringify(nested.json())).toContain("maxFee");
    expect((await call("GET", "/shop/preferences")).json()).toMatchObject({
      weeklyRun: { weekday: "sat", hour: 8 },
    });
    expect(weeklyRuns.entries()).toEqual(["alice@sat#8"]);
  });

  it("PUT /shop/preferences indexes a weekly run under its hour, moves it when it changes, drops it when removed", async () => {
    const { call, weeklyRuns } = harness();
    await call("PUT", "/shop/preferences", { body: { weeklyRun: { weekday: "sat", hour: 8 } } });
    expect(weeklyRuns.entries()).toEqual(["alice@sat#8"]);
    await call("PUT", "/shop/preferences", { body: { weeklyRun: { weekday: "sun", hour: 19 } } });
    expect(weeklyRuns.entries()).toEqual(["alice@sun#19"]);
    await call("PUT", "/shop/preferences", { body: { bannedBrands: ["Iglo"] } });
    expect(weeklyRuns.entries()).toEqual([]);
    const bad = await call("PUT", "/shop/preferences", { body: { weeklyRun: { weekday: "sat", hour: 24 } } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json())).toContain("body.weeklyRun.hour");
  });
});

describe("GET and DELETE /shop/substitution-choices (issue 46)", () => {
  it("remembers an accepted substitute once, lists it for its tenant only, and forgets it", async () => {
    const { call, runsFor } = harness();
    await seedSucceededRun(runsFor("alice"));
    const decisions = [
      { originalProductId: SWEET_POTATO_ORIGINAL.productId, action: "accept", productId: "2394892" },
    ];
    expect((await call("POST", "/shop/runs/run_done/decisions", { body: { decisions } })).status).toBe(200);
    expect((await call("POST", "/shop/runs/run_done/decisions", { body: { decisions } })).status).toBe(200);
    const listed = await call("GET", "/shop/substitution-choices?limit=10");
    expect(listed.status).toBe(200);
    expect(listed.json()).toMatchObject({
      choices: [
        {
          originalProductId: SWEET_POTATO_ORIGINAL.productId,
          substituteProductId: "2394892",
          verdict: "accepted",
          runId: "run_done",
        },
      ],
    });
    expect((listed.json().choices as unknown[]).length).toBe(1);
    expect((await call("GET", "/shop/substitution-choices", { tenant: "bob" })).json()).toEqual({
      choices: [],
    });
    expect((await call("GET", "/shop/substitution-choices?limit=0")).status).toBe(400);
    const bad = await call("DELETE", "/shop/substitution-choices/not%20an%20id");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json())).toContain("originalProductId");
    expect(
      (
        await call("DELETE", `/shop/substitution-choices/${SWEET_POTATO_ORIGINAL.productId}`, {
          tenant: "bob",
        })
      ).status,
    ).toBe(404);
    expect(
      (await call("DELETE", `/shop/substitution-choices/${SWEET_POTATO_ORIGINAL.productId}`)).status,
    ).toBe(204);
    expect((await call("GET", "/shop/substitution-choices")).json()).toEqual({ choices: [] });
    expect(
      (await call("DELETE", `/shop/substitution-choices/${SWEET_POTATO_ORIGINAL.productId}`)).status,
    ).toBe(404);
  });
});
