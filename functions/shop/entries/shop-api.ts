import { randomUUID } from "node:crypto";
import { configOnce, parseConfig } from "../../core/config";
import { createAppTable, TableConfigSchema } from "../../core/db/app-table";
import { toLambdaHandler } from "../../core/http/lambda-handler";
import { createLazyLlm } from "../../core/llm/lazy-llm";
import { readLlmConfig } from "../../core/llm/llm-config";
import { createObservability } from "../../core/observability";
import type { WeeklyRunIndex } from "../domain/weekly-run-index";
import { storeConfig } from "../store/store-config";

// Parsed at cold start: a missing TABLE_NAME, STORE_URL (in Lambda) or LLM key fails here, with its name.
const config = configOnce(() => ({
  table: parseConfig(TableConfigSchema),
  llm: readLlmConfig(),
  store: storeConfig(),
}))();
const observability = await createObservability("shop");
const { logger } = observability;
const table = createAppTable(config.table);
const workflowPort = async () =>
  (await import("../../core/workflow/process-workflow-port")).processWorkflowPort();

/** The weekly-run index, loaded on first use: only PUT /shop/preferences writes it. */
function lazyWeeklyRunIndex(): WeeklyRunIndex {
  let index: Promise<WeeklyRunIndex> | undefined;
  const load = () => {
    index ??= import("../adapters/dynamo-weekly-run-index").then((module) =>
      module.createDynamoWeeklyRunIndex(config.table),
    );
    return index;
  };
  return {
    put: async (tenant, slot) => (await load()).put(tenant, slot),
    remove: async (tenant, slot) => (await load()).remove(tenant, slot),
    tenantsDue: async (slot) => (await load()).tenantsDue(slot),
  };
}

/** The app (its routes and their zod schemas), built on the first request, not at init. */
const buildApp = async () => {
  const [{ createShopApp }, { createDynamoShopRunRepository }] = await Promise.all([
    import("../http/create-shop-app"),
    import("../adapters/dynamo-shop-run-repository"),
  ]);
  return createShopApp({
    logger,
    runsFor: (tenant) => createDynamoShopRunRepository(table.forTenant(tenant)),
    // Resolved per call: the local stack installs its runner after the handlers are imported. Loaded on
    // first use (with the Step Functions client): only starting and reading a run call a workflow.
    workflows: {
      start: async (name, input, options) => (await workflowPort()).start(name, input, options),
      describe: async (executionId) => (await workflowPort()).describe(executionId),
    },
    storeFor: async (householdId) => {
      // Loaded on first use: only decisions drive the store, and they are the rare request.
      const [{ containerStoreBrowser }, { createStoreTools }, { storeToolsPortOver }] = await Promise.all([
        import("../store/playwright-store-browser"),
        import("../store/store-tools"),
        import("../adapters/store-tools-adapter"),
      ]);
      const tools = createStoreTools({
        browser: containerStoreBrowser({
          storeUrl: config.store.storeUrl,
          timeoutMs: config.store.timeoutMs,
        }),
        storeUrl: config.store.storeUrl,
        householdId,
      });
      return { ...storeToolsPortOver(tools), close: () => tools.close() };
    },
    planSnapshotExists: async (tenant, snapshotId) => {
      // Loaded on first use: only a run with a meal plan reads the cook area's data.
      const { createCookPlanShoppingList } = await import("../adapters/cook-plan-shopping-list");
      return createCookPlanShoppingList(table.forTenant(tenant)).snapshotExists(snapshotId);
    },
    weeklyRuns: lazyWeeklyRunIndex(),
    // Only the substitution routes call a model.
    llm: createLazyLlm(config.llm),
    newRunId: () => `run_${randomUUID().replaceAll("-", "")}`,
    now: () => new Date(),
  });
};

export const handler = toLambdaHandler(buildApp, logger, observability);
