import { parseOrThrow } from "../../core/validation";
import { saveRunEventSchema } from "../domain/runs/run-step-events";
import { saveRunResult } from "../domain/use-cases/save-run";
import { stepLogger } from "../wiring/step-logger";
import { runRepositoryFor } from "../wiring/step-table";

/** SaveRun: the run's result, saved; the run succeeded. */
export const handler = async (event: unknown) => {
  const { tenant, ...args } = parseOrThrow(saveRunEventSchema, event, "SaveRun event");
  return saveRunResult({ runs: runRepositoryFor(tenant), now: () => new Date(), logger: stepLogger }, args);
};
