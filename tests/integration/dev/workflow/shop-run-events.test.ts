import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BusEvent } from "../../../../dev/workflow/local-event-bus";
import type { LambdaHandler } from "../../../../dev/workflow/local-lambda";
import { applyDecisions } from "../../../../functions/shop/domain/use-cases/apply-decisions";
import { eventSchemaProblems } from "../../../support/event-schemas";
import { type CoordinatorHarness, startCoordinatorHarness } from "../../../support/shop/coordinator-harness";
import { scaledTimeout } from "../../../support/test-timeouts";

/**
 * The shop-coordinator's domain events through the real ASL in the local runner: its PutEvents Tasks
 * deliver to the in-process bus, a subscriber collects them, and each must match docs/events/.
 */
let harness: CoordinatorHarness;
/** Tenants whose ScanCart fails for good; tenants whose ScanCart and SaveRun fail once, then succeed. */
const failingTenants = new Set<string>();
const flakyTenants = new Map<string, Set<string>>();
const received: BusEvent[] = [];
/** Tenants whose announcements EventBridge refuses on every attempt, and how often each was tried. */
const unannouncedTenants = new Map<string, number>();

const planted = (functionId: string, handler: LambdaHandler): LambdaHandler | undefined => {
  if (functionId !== "ShopScanCart" && functionId !== "ShopSaveRun") return undefined;
  return async (event, context) => {
    const tenant = String((event as { tenant?: unknown }).tenant);
    if (functionId === "ShopScanCart" && failingTenants.has(tenant)) {
      throw Object.assign(new Error("the cart page has no cart"), { name: "StoreLayoutChangedError" });
    }
    const once = flakyTenants.get(tenant);
    if (once && !once.has(functionId)) {
      once.add(functionId);
      if (functionId === "ShopScanCart") {
        throw Object.assign(new Error("store unreachable"), { name: "StoreUnreachableError" });
      }
      // SaveRun does its work, then fails: the retry saves again, and must not announce twice.
      await handler(event, context);
      throw Object.assign(new Error("the table throttled"), { name: "DependencyUnavailableError" });
    }
    return handler(event, context);
  };
};

beforeAll(async () => {
  harness = await startCoordinatorHarness({ LLM_PROVIDER: "none" }, ["shop-coordinator"], {
    wrapHandler: planted,
  });
  harness.runner.eventBus.subscribe((event) => received.push(event));
  // The runner's PutEvents Tasks call the bus's putEvents: for some tenants it fails, as EventBridge can.
  const bus = harness.runner.eventBus;
  const putEvents = bus.putEvents.bind(bus);
  bus.putEvents = async (input) => {
    const entries = (input as { Entries?: { Detail?: { tenant?: unknown } }[] }).Entries ?? [];
    const tenant = String(entries[0]?.Detail?.tenant);
    const attempts = unannouncedTenants.get(tenant);
    if (attempts !== undefined) {
      unannouncedTenants.set(tenant, attempts + 1);
      throw Object.assign(new Error("EventBridge is unavailable"), { name: "EventBridge.InternalException" });
    }
    return putEvents(input);
  };
}, scaledTimeout(60_000));
afterAll(async () => {
  await harness?.close();
});

const eventsOfRun = (runId: string) => received.filter((e) => e.detail.runId === runId);

describe("shop-coordinator domain events, through the real ASL", () => {
  it(
    "a run that succeeds with open decisions announces exactly one shop.run.succeeded, of the documented schema",
    async () => {
      const householdId = harness.store.seedDemoHousehold();
      const { header, execution } = await harness.run("tenant-events-ok", householdId);
      expect(execution.status).toBe("SUCCEEDED");
      const events = eventsOfRun(header.runId);
      expect(events.map((e) => e["detail-type"])).toEqual(["shop.run.succeeded"]);
      const [event] = events as [BusEvent];
      expect(eventSchemaProblems(event)).toEqual([]);
      expect(event.source).toBe("larder.shop");
      expect(event.detail).toMatchObject({
        eventId: `shop.run.succeeded:${header.runId}`,
        tenant: "tenant-events-ok",
        householdId,
        counts: { unavailable: 5, withSubstitutes: 5 },
        degraded: false,
      });
      expect(event.detail.awaitingDecisions).toBeGreaterThan(0);
      // The execution's output is SaveRun's answer, as before the event was added.
      expect(execution.output).toMatchObject({ runId: header.runId, status: "succeeded" });
    },
    scaledTimeout(120_000),
  );

  it(
    "steps retried after a store error and a table error announce once",
    async () => {
      flakyTenants.set("tenant-events-retry", new Set());
      const householdId = harness.store.seedDemoHousehold();
      const { header, execution } = await harness.run("tenant-events-retry", householdId);
      expect(execution.status).toBe("SUCCEEDED");
      expect([...(flakyTenants.get("tenant-events-retry") ?? [])].sort()).toEqual([
        "ShopSaveRun",
        "ShopScanCart",
      ]);
      const saveAttempts = execution.steps.filter((s) => s.name === "SaveRun");
      expect(saveAttempts.length).toBeGreaterThan(0);
      const events = eventsOfRun(header.runId);
      expect(events.map((e) => e["detail-type"])).toEqual(["shop.run.succeeded"]);
      expect(eventSchemaProblems(events[0] as BusEvent)).toEqual([]);
    },
    scaledTimeout(120_000),
  );

  it(
    "a run whose announcement fails after its retries still succeeds, saved succeeded, with SaveRun's answer",
    async () => {
      unannouncedTenants.set("tenant-events-unannounced", 0);
      const householdId = harness.store.seedDemoHousehold();
      const { header, execution } = await harness.run("tenant-events-unannounced", householdId);
      // The Task's Retry (3 more attempts), then its Catch: the run is not failed by its announcement.
      expect(unannouncedTenants.get("tenant-events-unannounced")).toBe(4);
      expect(execution.status).toBe("SUCCEEDED");
      expect(header.status).toBe("succeeded");
      expect(execution.output).toMatchObject({ runId: header.runId, status: "succeeded" });
      expect(execution.output).not.toHaveProperty("announceFailure");
      expect(eventsOfRun(header.runId)).toEqual([]);
      // What the announcement would have said is still found by the list a person's screen reads.
      const awaiting = await harness
        .runsOf("tenant-events-unannounced")
        .listRuns({ limit: 5, awaiting: "decisions" });
      expect(awaiting.runs.map((r) => r.runId)).toContain(header.runId);
    },
    scaledTimeout(120_000),
  );

  it(
    "a failed run whose announcement fails still fails with the run's own error",
    async () => {
      failingTenants.add("tenant-events-failed-unannounced");
      unannouncedTenants.set("tenant-events-failed-unannounced", 0);
      const householdId = harness.store.seedDemoHousehold();
      const { header, execution } = await harness.run("tenant-events-failed-unannounced", householdId);
      expect(unannouncedTenants.get("tenant-events-failed-unannounced")).toBe(4);
      expect(execution.status).toBe("FAILED");
      expect(header.status).toBe("failed");
      expect(execution.error?.error).toBe("StoreLayoutChangedError");
      expect(eventsOfRun(header.runId)).toEqual([]);
    },
    scaledTimeout(120_000),
  );

  it(
    "a failed run announces exactly one shop.run.failed with the error's name, code and fix, not its cause",
    async () => {
      failingTenants.add("tenant-events-failed");
      const householdId = harness.store.seedDemoHousehold();
      const { header, execution } = await harness.run("tenant-events-failed", householdId);
      expect(execution.status).toBe("FAILED");
      expect(header.status).toBe("failed");
      const events = eventsOfRun(header.runId);
      expect(events.map((e) => e["detail-type"])).toEqual(["shop.run.failed"]);
      const [event] = events as [BusEvent];
      expect(eventSchemaProblems(event)).toEqual([]);
      expect(event.detail).toEqual({
        eventId: `shop.run.failed:${header.runId}`,
        schemaVersion: "1",
        tenant: "tenant-events-failed",
        runId: header.runId,
        householdId,
        error: "StoreLayoutChangedError",
        code: "StoreLayoutChangedError",
        fix: "Start a new run: POST /shop/runs (GET /shop/runs/{runId} shows the steps that ran)",
      });
      expect(JSON.stringify(event)).not.toContain("the cart page has no cart");
    },
    scaledTimeout(120_000),
  );
});

describe("shop.decisions.applied, through the API-side port", () => {
  it(
    "applied decisions announce exactly one event of the documented schema; repeating them announces none",
    async () => {
      const householdId = harness.store.seedDemoHousehold();
      const { header } = await harness.run("tenant-events-decide", householdId, { skipSlots: true });
      const substitution = header.result?.substitutions.find((s) => s.candidates.length > 0);
      if (!substitution) throw new Error("no substitution to decide");
      const open = header.result
        ? (await harness.runsOf("tenant-events-decide").listRuns({ limit: 1 })).runs[0]
        : undefined;
      expect(open?.openDecisions).toBeGreaterThan(0);
      const decide = () =>
        applyDecisions(
          {
            runs: harness.runsOf("tenant-events-decide"),
            store: async () => {
              throw new Error("a reject never opens the store");
            },
            now: () => new Date(),
            announce: { events: harness.runner.eventBus, tenant: "tenant-events-decide" },
          },
          {
            runId: header.runId,
            decisions: [{ originalProductId: substitution.originalItem.productId, action: "reject" }],
          },
        );
      const first = await decide();
      expect(first.results.map((r) => r.outcome)).toEqual(["recorded"]);
      await decide();
      const events = eventsOfRun(header.runId).filter((e) => e["detail-type"] === "shop.decisions.applied");
      expect(events).toHaveLength(1);
      const [event] = events as [BusEvent];
      expect(eventSchemaProblems(event)).toEqual([]);
      expect(event.detail).toMatchObject({
        tenant: "tenant-events-decide",
        runId: header.runId,
        decisions: [
          {
            kind: "substitution",
            productId: substitution.originalItem.productId,
            action: "reject",
            outcome: "recorded",
          },
        ],
        openDecisions: (open?.openDecisions ?? 0) - 1,
      });
      expect(String(event.detail.eventId)).toMatch(
        new RegExp(`^shop\\.decisions\\.applied:${header.runId}:[0-9a-f]{16}$`),
      );
    },
    scaledTimeout(120_000),
  );
});
