import { NotFoundError } from "../../../core/errors";
import type { WorkflowPort } from "../../../core/workflow/workflow-port";
import type { ShopRunRepository } from "../ports/shop-run-repository";
import type { RunHeader, RunResult } from "../runs/shop-run";

/** The workflow's top-level states, in order: what a client sees as the run's steps. */
export const RUN_STEP_NAMES = [
  "BuildCart",
  "ScanCart",
  "FindSubstitutes",
  "PruneStock",
  "ScoutSlots",
  "SaveRun",
];

export interface RunStepView {
  name: string;
  status: string;
  startedAt: string;
  endedAt?: string;
}

export interface RunView {
  runId: string;
  status: RunHeader["status"];
  startedAt: string;
  endedAt?: string;
  steps: RunStepView[];
  itemsDone: number;
  itemsTotal: number;
  result?: RunResult;
  error?: RunHeader["error"];
  decisions?: RunHeader["decisions"];
}

/**
 * A run while it runs and after: the header, the workflow's top-level steps (from the execution's
 * history; none when the history is gone), and progress as item records written over items found.
 */
export const getRunView = async (
  deps: { runs: ShopRunRepository; workflows: Pick<WorkflowPort, "start" | "describe"> },
  runId: string,
): Promise<RunView> => {
  const header = await deps.runs.getRun(runId);
  if (!header) throw new NotFoundError(`No shop run ${runId}`, { code: "shop_run_not_found" });
  const items = header.result ? undefined : await deps.runs.listItems(runId);
  let steps: RunStepView[] = [];
  if (header.executionId) {
    try {
      const execution = await deps.workflows.describe(header.executionId);
      steps = execution.steps
        .filter((step) => RUN_STEP_NAMES.includes(step.name))
        .map((step) => ({
          name: step.name,
          status: step.status,
          startedAt: step.enteredAt,
          ...(step.exitedAt ? { endedAt: step.exitedAt } : {}),
        }));
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  const itemsDone = header.result ? header.result.totalUnavailable : (items?.length ?? 0);
  // The last step (SaveRun) writes the header's endedAt before the step itself ends: the run ends when its
  // last step does, so a reader never sees the run end before one of its steps.
  const endedAt = header.endedAt
    ? [header.endedAt, ...steps.flatMap((step) => (step.endedAt ? [step.endedAt] : []))].reduce((a, b) =>
        Date.parse(b) > Date.parse(a) ? b : a,
      )
    : undefined;
  return {
    runId: header.runId,
    status: header.status,
    startedAt: header.startedAt,
    ...(endedAt ? { endedAt } : {}),
    steps,
    itemsDone,
    itemsTotal: header.itemsTotal ?? header.result?.totalUnavailable ?? 0,
    ...(header.result ? { result: header.result } : {}),
    ...(header.error ? { error: header.error } : {}),
    ...(header.decisions ? { decisions: header.decisions } : {}),
  };
};
