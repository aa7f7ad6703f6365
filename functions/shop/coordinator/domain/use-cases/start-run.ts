import type { WorkflowPort } from "../../../../core/workflow/workflow-port";
import type { RunHeader, RunOptions } from "../shop-run";
import type { ShopRunRepository } from "../shop-run-repository";

export const SHOP_COORDINATOR_WORKFLOW = "shop-coordinator";

export interface StartRunDeps {
  runs: ShopRunRepository;
  workflows: Pick<WorkflowPort, "start" | "describe">;
  newRunId: () => string;
  now: () => Date;
}

/**
 * Starts a coordinator run for the tenant's household: the header first (with the idempotency key, in
 * one transaction), then the workflow, named after the run so a retried start cannot run it twice. A
 * retried request with the same key answers the run it started before. A workflow that cannot start
 * leaves a failed run, never a run forever "running".
 */
export const startShopRun = async (
  deps: StartRunDeps,
  args: {
    tenant: string;
    householdId: string;
    options: RunOptions;
    planSnapshotId?: string;
    idempotencyKey?: string;
  },
): Promise<{ runId: string; created: boolean }> => {
  const header: RunHeader = {
    runId: deps.newRunId(),
    status: "running",
    startedAt: deps.now().toISOString(),
    householdId: args.householdId,
    options: args.options,
    ...(args.planSnapshotId ? { planSnapshotId: args.planSnapshotId } : {}),
  };
  const { header: stored, created } = await deps.runs.createRun(header, args.idempotencyKey);
  if (!created) return { runId: stored.runId, created: false };
  try {
    const { executionId } = await deps.workflows.start(
      SHOP_COORDINATOR_WORKFLOW,
      {
        tenant: args.tenant,
        runId: header.runId,
        householdId: args.householdId,
        options: args.options,
        // Always present (null without a plan): the ASL hands it to BuildCart by path.
        planSnapshotId: args.planSnapshotId ?? null,
      },
      { executionName: header.runId },
    );
    await deps.runs.updateRun(header.runId, (current) => ({ ...current, executionId }));
  } catch (error) {
    await deps.runs.updateRun(header.runId, (current) => ({
      ...current,
      status: "failed",
      endedAt: deps.now().toISOString(),
      error: {
        code: "workflow_start_failed",
        message: error instanceof Error ? error.message : String(error),
      },
    }));
    throw error;
  }
  return { runId: header.runId, created: true };
};
