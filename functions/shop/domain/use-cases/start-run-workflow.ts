import { createHash } from "node:crypto";
import { canonicalJson } from "../../../core/agent/tool-call-key";
import { ConflictError } from "../../../core/errors";
import type { WorkflowPort } from "../../../core/workflow/workflow-port";
import type { ShopRunRepository } from "../ports/shop-run-repository";
import type { RunHeader, RunOptions } from "../runs/shop-run";

export const SHOP_COORDINATOR_WORKFLOW = "shop-coordinator";

export interface StartRunWorkflowDeps {
  runs: ShopRunRepository;
  workflows: Pick<WorkflowPort, "start" | "describe">;
  newRunId: () => string;
  now: () => Date;
}

/** The sha256 of the request's canonical JSON (options with their defaults, plan): what a key was used for. */
export const runRequestFingerprint = (options: RunOptions, planSnapshotId?: string): string =>
  createHash("sha256")
    .update(canonicalJson({ options, planSnapshotId: planSnapshotId ?? null }))
    .digest("hex");

/**
 * Starts a coordinator run for the tenant's household: the header first (with the idempotency key, in
 * one transaction), then the workflow, named after the run so a retried start cannot run it twice. A
 * retried request with the same key answers the run it started before; the same key with another request
 * (options or plan, as parsed) is a 409 `idempotency_key_reused`, never the earlier run. A workflow that cannot start
 * leaves a failed run, never a run forever "running".
 */
export const startRunWorkflow = async (
  deps: StartRunWorkflowDeps,
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
  const idempotency =
    args.idempotencyKey === undefined
      ? undefined
      : {
          key: args.idempotencyKey,
          requestFingerprint: runRequestFingerprint(args.options, args.planSnapshotId),
        };
  const earlier = await deps.runs.createRun(header, idempotency);
  if (!earlier.created) {
    if (
      idempotency &&
      earlier.requestFingerprint !== undefined &&
      earlier.requestFingerprint !== idempotency.requestFingerprint
    ) {
      throw new ConflictError(
        `Idempotency-Key ${idempotency.key} was used for another request (run ${earlier.header.runId}); use a new key`,
        {
          code: "idempotency_key_reused",
          details: { header: "Idempotency-Key", runId: earlier.header.runId },
        },
      );
    }
    return { runId: earlier.header.runId, created: false };
  }
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
