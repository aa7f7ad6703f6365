import { z } from "zod";
import { prefixedIdMaker } from "../../core/ids";
import { parseOrThrow } from "../../core/validation";
import { startDueWeeklyRuns } from "../domain/use-cases/start-weekly-runs";
import { stepLogger } from "../wiring/step-logger";
import { runRepositoryFor, stepWeeklyRunIndex } from "../wiring/step-table";
import { stepWorkflows } from "../wiring/step-workflows";

/** What statemachines/shop-weekly-runs.asl.json passes: the execution's start time (`$$.Execution.StartTime`). */
const eventSchema = z.object({ firedAt: z.iso.datetime({ offset: true }) });

/**
 * StartDueRuns: the hourly tick of the weekly schedule (EventBridge Scheduler → shop-weekly-runs). Starts
 * the coordinator for the tenants whose weekly run is due in the hour the execution started in.
 */
export const handler = async (event: unknown) => {
  const { firedAt } = parseOrThrow(eventSchema, event, "StartDueRuns event");
  return startDueWeeklyRuns(
    {
      runsFor: runRepositoryFor,
      weeklyRuns: stepWeeklyRunIndex(),
      workflows: stepWorkflows(),
      newRunId: prefixedIdMaker("run"),
      now: () => new Date(),
      logger: stepLogger,
    },
    new Date(firedAt),
  );
};
