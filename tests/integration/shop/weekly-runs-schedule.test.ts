import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScheduleRunner } from "../../../dev/schedule-runner";
import { installLocalWorkflowPort } from "../../../functions/core/workflow/process-workflow-port";
import { createDynamoWeeklyRunIndex } from "../../../functions/shop/adapters/dynamo-weekly-run-index";
import { householdPreferencesSchema } from "../../../functions/shop/domain/household-preferences";
import { slotAt } from "../../../functions/shop/domain/runs/weekly-slot";
import { saveShopPreferences } from "../../../functions/shop/domain/use-cases/save-preferences";
import type { WeeklyRunsOutcome } from "../../../functions/shop/domain/use-cases/start-weekly-runs-step";
import { allSchedules } from "../../../lib/areas";
import { productNamed } from "../../support/shop/catalog-fixture";
import { type CoordinatorHarness, startCoordinatorHarness } from "../../support/shop/coordinator-harness";
import { scaledTimeout } from "../../support/test-timeouts";
import { waitUntil } from "../../support/wait-until";

/**
 * The weekly schedule end to end on the local parts: the schedule definition CDK deploys, fired by the
 * local schedule runner (as `npm start` does every hour), the shop-weekly-runs ASL in the local runner, its
 * Lambda reading the index in DynamoDB Local and starting shop-coordinator for the household due now.
 */
let harness: CoordinatorHarness;
beforeAll(async () => {
  harness = await startCoordinatorHarness({ LLM_PROVIDER: "none" }, ["shop-coordinator", "shop-weekly-runs"]);
  installLocalWorkflowPort(harness.runner);
}, scaledTimeout(60_000));
afterAll(async () => {
  installLocalWorkflowPort(undefined);
  await harness?.close();
});

const TENANT = "tenant-weekly";

describe("the shop-weekly-runs schedule", () => {
  it(
    "starts the coordinator for the household due this hour, once however often it fires",
    async () => {
      // Far enough from the top of the hour that the tick fires in the hour the preferences name.
      await waitUntil(
        "an instant at least 20 s before the next hour",
        () => {
          const now = new Date();
          return now.getUTCMinutes() < 59 || now.getUTCSeconds() < 40;
        },
        60_000,
      );
      const householdId = "tenant-weekly";
      harness.store.seedHousehold(householdId, {
        cart: [{ productId: productNamed("arroz carolino auchan 1kg").productId, quantity: 1 }],
      });
      const weeklyRuns = createDynamoWeeklyRunIndex(harness.table);
      const due = slotAt(new Date());
      const otherHour = { weekday: due.weekday, hour: (due.hour + 1) % 24 };
      await saveShopPreferences(
        { runs: harness.runsOf(TENANT), weeklyRuns },
        TENANT,
        householdPreferencesSchema.parse({ weeklyRun: due }),
      );
      await saveShopPreferences(
        { runs: harness.runsOf("tenant-weekly-later"), weeklyRuns },
        "tenant-weekly-later",
        householdPreferencesSchema.parse({ weeklyRun: otherHour }),
      );
      expect(await weeklyRuns.tenantsDue(due)).toContain(TENANT);

      const schedules = createScheduleRunner({
        workflows: harness.runner,
        schedules: allSchedules().filter((schedule) => schedule.name === "shop-weekly-runs"),
        knownWorkflows: harness.runner.workflowNames,
      });
      const first = await harness.runner.waitForExecution(
        (await schedules.fireNow("shop-weekly-runs")).executionId,
      );
      expect(first.status).toBe("SUCCEEDED");
      const outcome = first.output as WeeklyRunsOutcome;
      expect(outcome.slot).toEqual(due);
      expect(outcome.started).toEqual([TENANT]);

      const [run] = (await harness.runsOf(TENANT).listRuns({ limit: 10 })).runs;
      const header = await harness.runsOf(TENANT).getRun(run?.runId ?? "");
      const coordinator = await harness.runner.waitForExecution(header?.executionId ?? "");
      expect(coordinator.status).toBe("SUCCEEDED");
      expect((await harness.runsOf(TENANT).getRun(run?.runId ?? ""))?.status).toBe("succeeded");

      // The tick again in the same week (a retry, a duplicate delivery): the same run, no second one.
      const second = await harness.runner.waitForExecution(
        (await schedules.fireNow("shop-weekly-runs")).executionId,
      );
      expect(second.output).toMatchObject({ started: [], alreadyStarted: [TENANT] });
      expect((await harness.runsOf(TENANT).listRuns({ limit: 10 })).runs).toHaveLength(1);
      expect((await harness.runsOf("tenant-weekly-later").listRuns({ limit: 10 })).runs).toEqual([]);
      schedules.stop();
    },
    scaledTimeout(120_000),
  );
});
