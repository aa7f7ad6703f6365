import { randomUUID } from "node:crypto";
import { type SimulatedStore, startSimulatedStore } from "../../../dev/store/start-simulated-store";
import { type LambdaHandler, loadLambdaHandler } from "../../../dev/workflow/local-lambda";
import { createLocalWorkflowRunner, type LocalWorkflowRunner } from "../../../dev/workflow-runner";
import { type AppTable, createAppTable } from "../../../functions/core/db/app-table";
import type { WorkflowExecution } from "../../../functions/core/workflow/workflow-port";
import { createDynamoShopRunRepository } from "../../../functions/shop/adapters/dynamo-shop-run-repository";
import type { HouseholdPreferencesInput } from "../../../functions/shop/domain/household-preferences";
import { householdPreferencesSchema } from "../../../functions/shop/domain/household-preferences";
import type { ShopRunRepository } from "../../../functions/shop/domain/ports/shop-run-repository";
import { type RunHeader, runOptionsSchema } from "../../../functions/shop/domain/runs/shop-run";
import { startRunWorkflow } from "../../../functions/shop/domain/use-cases/start-run-workflow";
import { allFunctions, allWorkflows } from "../../../lib/areas";
import { createTestTable } from "../table";

/**
 * The coordinator on the real local parts: DynamoDB Local, the simulated store in real Chromium, the
 * ASL in aws-local-stepfunctions with every Task on its handler. Environment first: the step entries
 * read TABLE_NAME, STORE_URL and the LLM settings at cold start, as in Lambda.
 */
export interface CoordinatorHarness {
  store: SimulatedStore;
  runner: LocalWorkflowRunner;
  table: AppTable;
  runsOf(tenant: string): ShopRunRepository;
  setPreferences(tenant: string, preferences: HouseholdPreferencesInput): Promise<void>;
  /** Starts a run through the domain's start use case and waits for its execution to end. */
  run(
    tenant: string,
    householdId: string,
    options?: Partial<RunHeader["options"]>,
    planSnapshotId?: string,
  ): Promise<{ header: RunHeader; execution: WorkflowExecution }>;
  close(): Promise<void>;
}

/** How a test changes the deployed functions: a shorter Lambda timeout, a handler wrapped (a fault planted). */
export interface HarnessFunctionOptions {
  /** A function's Lambda timeout in the runner (its definition's when undefined). */
  timeoutSeconds?: (functionId: string) => number | undefined;
  /** Wraps a function's real handler (the handler itself when undefined). */
  wrapHandler?: (functionId: string, handler: LambdaHandler) => LambdaHandler | undefined;
}

export const startCoordinatorHarness = async (
  env: Record<string, string>,
  workflowNames: readonly string[] = ["shop-coordinator"],
  functionOptions: HarnessFunctionOptions = {},
): Promise<CoordinatorHarness> => {
  const testTable = await createTestTable();
  const store = await startSimulatedStore({ port: 0 });
  Object.assign(process.env, {
    TABLE_NAME: testTable.tableName,
    DYNAMODB_ENDPOINT: testTable.endpoint,
    STORE_URL: store.url,
    STORE_TIMEOUT_MS: "15000",
    ...env,
  });
  const runner = await createLocalWorkflowRunner({
    retryIntervalMs: 0,
    workflows: allWorkflows().filter((workflow) => workflowNames.includes(workflow.name)),
    findFunction: (id) => {
      const fn = allFunctions().find((candidate) => candidate.id === id);
      const timeoutSeconds = functionOptions.timeoutSeconds?.(id);
      return fn && timeoutSeconds !== undefined ? { ...fn, timeoutSeconds } : fn;
    },
    loadHandler: async (fn, rootDir) => {
      const handler = await loadLambdaHandler(fn, rootDir);
      return functionOptions.wrapHandler?.(fn.id, handler) ?? handler;
    },
  });
  const table = createAppTable({ TABLE_NAME: testTable.tableName, DYNAMODB_ENDPOINT: testTable.endpoint });
  const runsOf = (tenant: string) => createDynamoShopRunRepository(table.forTenant(tenant));
  return {
    store,
    runner,
    table,
    runsOf,
    setPreferences: (tenant, preferences) =>
      runsOf(tenant).savePreferences(householdPreferencesSchema.parse(preferences)),
    async run(tenant, householdId, options = {}, planSnapshotId) {
      const runs = runsOf(tenant);
      const { runId } = await startRunWorkflow(
        {
          runs,
          workflows: runner,
          newRunId: () => `run_${randomUUID().replaceAll("-", "")}`,
          now: () => new Date(),
        },
        {
          tenant,
          householdId,
          options: runOptionsSchema.parse(options),
          ...(planSnapshotId ? { planSnapshotId } : {}),
        },
      );
      const header = await runs.getRun(runId);
      const execution = await runner.waitForExecution(header?.executionId ?? "");
      const ended = await runs.getRun(runId);
      if (!ended) throw new Error(`run ${runId} vanished`);
      return { header: ended, execution };
    },
    async close() {
      await runner.stop();
      const { containerStoreBrowser } = await import("../../../functions/shop/adapters/store/playwright");
      await containerStoreBrowser({ storeUrl: new URL(store.url), timeoutMs: 10_000 }).close();
      await store.close();
      table.destroy();
      await testTable.drop();
    },
  };
};
