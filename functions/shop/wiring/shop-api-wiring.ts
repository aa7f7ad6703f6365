import { configOnce, parseConfig } from "../../core/config";
import { createAppTable, TableConfigSchema } from "../../core/db/app-table";
import { prefixedIdMaker } from "../../core/ids";
import { lazyLoad, lazyPort } from "../../core/lazy";
import { createLazyLlm } from "../../core/llm/lazy-llm";
import { readLlmConfig } from "../../core/llm/llm-config";
import type { Logger } from "../../core/logger";
import type { WorkflowPort } from "../../core/workflow/workflow-port";
import { storeConfig } from "../adapters/store/store-config";
import type { PlanShoppingListPort } from "../domain/ports/plan-shopping-list-port";
import type { WeeklyRunIndex } from "../domain/ports/weekly-run-index";
import type { ShopApiDeps } from "../http/shop-api-deps";
import { openHouseholdStore } from "./household-store";

// Parsed at cold start: a missing TABLE_NAME, STORE_URL (in Lambda) or LLM key fails here, with its name.
const config = configOnce(() => ({
  table: parseConfig(TableConfigSchema),
  llm: readLlmConfig(),
  store: storeConfig(),
}))();
const table = createAppTable(config.table);

/**
 * Loaded on first use (with the Step Functions client): only starting and reading a run call a workflow.
 * Resolved per call: the local stack installs its runner after the handlers are imported.
 */
const workflowModule = lazyLoad(() => import("../../core/workflow/process-workflow-port"));
const workflows: Pick<WorkflowPort, "start" | "describe"> = {
  start: async (name, input, options) =>
    (await workflowModule()).processWorkflowPort().start(name, input, options),
  describe: async (executionId) => (await workflowModule()).processWorkflowPort().describe(executionId),
};

/** The weekly-run index, loaded on first use: only PUT /shop/preferences writes it. */
const weeklyRuns = lazyPort<WeeklyRunIndex>(
  async () => (await import("../adapters/dynamo-weekly-run-index")).createDynamoWeeklyRunIndex(table),
  ["put", "remove", "tenantsDue"],
);

/** The cook area's plans, loaded on first use: only a run with a meal plan reads them. */
const cookPlans = lazyLoad(() => import("../adapters/cook-plan-shopping-list"));
const plansFor = (tenant: string): Pick<PlanShoppingListPort, "snapshotExists"> => ({
  snapshotExists: async (snapshotId) =>
    (await cookPlans()).createCookPlanShoppingList(table.forTenant(tenant)).snapshotExists(snapshotId),
});

/** ShopApi's dependencies, built once per container (the app itself is built on the first request). */
export const shopApiDeps = async (logger: Logger): Promise<ShopApiDeps> => {
  const { createDynamoShopRunRepository } = await import("../adapters/dynamo-shop-run-repository");
  return {
    logger,
    runsFor: (tenant) => createDynamoShopRunRepository(table.forTenant(tenant)),
    workflows,
    // Only decisions drive the store, and they are the rare request; bounded by the request's deadline.
    storeFor: (householdId, deadline) => openHouseholdStore(config.store, householdId, deadline),
    plansFor,
    weeklyRuns,
    // Only the substitution routes call a model.
    llm: createLazyLlm(config.llm),
    newRunId: prefixedIdMaker("run"),
    now: () => new Date(),
  };
};
