import { describe, expect, it } from "vitest";
import type { WorkflowPort } from "../../../../functions/core/workflow/workflow-port";
import type { HouseholdPreferencesInput } from "../../../../functions/shop/domain/household-preferences";
import { householdPreferencesSchema } from "../../../../functions/shop/domain/household-preferences";
import type { ShopRunRepository } from "../../../../functions/shop/domain/ports/shop-run-repository";
import {
  isoWeekOf,
  slotAt,
  weeklyRunIdempotencyKey,
} from "../../../../functions/shop/domain/runs/weekly-slot";
import { saveShopPreferences } from "../../../../functions/shop/domain/use-cases/save-preferences";
import { startWeeklyRunsStep } from "../../../../functions/shop/domain/use-cases/start-weekly-runs-step";
import { RecordingCoordinatorLogger } from "../../../support/shop/coordinator-fixtures";
import { createInMemoryShopRunRepository } from "../../../support/shop/in-memory-shop-run-repository";
import { createInMemoryWeeklyRunIndex } from "../../../support/shop/in-memory-weekly-run-index";

/** A fake clock the test moves; every run id and start time comes from it. */
const fakeClock = (iso: string) => {
  let current = new Date(iso);
  return {
    now: () => new Date(current),
    set: (next: string) => {
      current = new Date(next);
    },
  };
};

const setup = () => {
  const repositories = new Map<string, ShopRunRepository>();
  const runsFor = (tenant: string) => {
    const existing = repositories.get(tenant);
    if (existing) return existing;
    const created = createInMemoryShopRunRepository();
    repositories.set(tenant, created);
    return created;
  };
  const weeklyRuns = createInMemoryWeeklyRunIndex();
  const started: Array<{ input: { tenant?: string; householdId?: string } }> = [];
  const failFor = new Set<string>();
  const workflows: Pick<WorkflowPort, "start" | "describe"> = {
    start: async (_name, input) => {
      const tenant = (input as { tenant: string }).tenant;
      if (failFor.has(tenant)) throw new Error("Step Functions is unavailable");
      started.push({ input: input as { tenant: string } });
      return { executionId: `exec-${started.length}`, startedAt: new Date().toISOString() };
    },
    describe: async () => {
      throw new Error("not used");
    },
  };
  const clock = fakeClock("2026-11-28T08:00:00.000Z"); // a Saturday
  let counter = 0;
  const logger = new RecordingCoordinatorLogger();
  const deps = {
    runsFor,
    weeklyRuns,
    workflows,
    newRunId: () => `run_${++counter}`,
    now: clock.now,
    logger,
  };
  const savePreferences = (tenant: string, preferences: HouseholdPreferencesInput) =>
    saveShopPreferences(
      { runs: runsFor(tenant), weeklyRuns },
      tenant,
      householdPreferencesSchema.parse(preferences),
    );
  return { deps, clock, started, weeklyRuns, savePreferences, runsFor, failFor };
};

describe("the weekly schedule's clock arithmetic (UTC)", () => {
  it("puts an instant in its hour of the week, Monday first", () => {
    expect(slotAt(new Date("2026-11-28T08:59:59Z"))).toEqual({ weekday: "sat", hour: 8 });
    expect(slotAt(new Date("2026-11-30T00:00:00Z"))).toEqual({ weekday: "mon", hour: 0 });
    expect(slotAt(new Date("2026-11-29T23:30:00Z"))).toEqual({ weekday: "sun", hour: 23 });
  });

  it("names ISO weeks, across year ends too", () => {
    expect(isoWeekOf(new Date("2026-11-24T12:00:00Z"))).toBe("2026-W48");
    expect(isoWeekOf(new Date("2026-01-01T00:00:00Z"))).toBe("2026-W01");
    expect(isoWeekOf(new Date("2027-01-01T00:00:00Z"))).toBe("2026-W53");
    expect(isoWeekOf(new Date("2021-01-03T23:00:00Z"))).toBe("2020-W53");
    expect(isoWeekOf(new Date("2024-12-30T00:00:00Z"))).toBe("2025-W01");
    expect(weeklyRunIdempotencyKey(new Date("2026-11-28T08:00:00Z"))).toBe("weekly-2026-W48");
  });
});

describe("starting the weekly runs due this hour", () => {
  it("starts a run for each household due now, and none for those due another hour", async () => {
    const { deps, clock, started, savePreferences } = setup();
    await savePreferences("alice", { weeklyRun: { weekday: "sat", hour: 8 } });
    await savePreferences("bob", { weeklyRun: { weekday: "sat", hour: 9 } });
    await savePreferences("carol", {});
    const outcome = await startWeeklyRunsStep(deps, clock.now());
    expect(outcome).toMatchObject({
      slot: { weekday: "sat", hour: 8 },
      week: "2026-W48",
      started: ["alice"],
    });
    expect(started.map((s) => s.input.tenant)).toEqual(["alice"]);
    expect(started[0]?.input.householdId).toBe("alice");

    clock.set("2026-11-28T09:00:05.000Z");
    expect((await startWeeklyRunsStep(deps, clock.now())).started).toEqual(["bob"]);
  });

  it("starts one run per household and week however often the tick fires", async () => {
    const { deps, clock, started, savePreferences, runsFor } = setup();
    await savePreferences("alice", { weeklyRun: { weekday: "sat", hour: 8 } });
    const first = await startWeeklyRunsStep(deps, clock.now());
    clock.set("2026-11-28T08:20:00.000Z"); // a retried or duplicated tick in the same hour
    const again = await startWeeklyRunsStep(deps, clock.now());
    expect(first.started).toEqual(["alice"]);
    expect(again).toMatchObject({ started: [], alreadyStarted: ["alice"] });
    expect(started).toHaveLength(1);

    clock.set("2026-12-05T08:00:00.000Z"); // the next Saturday: a new week, a new run
    expect((await startWeeklyRunsStep(deps, clock.now())).started).toEqual(["alice"]);
    expect(started).toHaveLength(2);
    expect((await runsFor("alice").listRuns({ limit: 10 })).runs).toHaveLength(2);
  });

  it("drops an index entry the household's preferences no longer ask for, starting nothing", async () => {
    const { deps, clock, started, weeklyRuns, savePreferences } = setup();
    await savePreferences("alice", { weeklyRun: { weekday: "sat", hour: 8 } });
    // As if the preferences were rewritten without the index (a failure between the two writes).
    await deps.runsFor("alice").savePreferences(householdPreferencesSchema.parse({}));
    const outcome = await startWeeklyRunsStep(deps, clock.now());
    expect(outcome).toMatchObject({ started: [], stale: ["alice"] });
    expect(started).toEqual([]);
    expect(weeklyRuns.entries()).toEqual([]);
  });

  it("goes on with the other households when one run cannot start, and says which", async () => {
    const { deps, clock, savePreferences, failFor } = setup();
    await savePreferences("alice", { weeklyRun: { weekday: "sat", hour: 8 } });
    await savePreferences("bob", { weeklyRun: { weekday: "sat", hour: 8 } });
    failFor.add("alice");
    const outcome = await startWeeklyRunsStep(deps, clock.now());
    expect(outcome.started).toEqual(["bob"]);
    expect(outcome.failed).toEqual([{ tenant: "alice", error: "Step Functions is unavailable" }]);
  });
});
