import { randomUUID } from "node:crypto";
import { configOnce, parseConfig } from "../core/config";
import { createAppTable, TableConfigSchema } from "../core/db/app-table";
import { toLambdaHandler } from "../core/http/lambda-handler";
import { createLlm, readLlmConfig } from "../core/llm";
import { createObservability } from "../core/observability";
import { processWorkflowPort } from "../core/workflow/process-workflow-port";
import { createDynamoShopRunRepository } from "./coordinator/adapters/dynamo-shop-run-repository";
import { storeToolsPortOver } from "./coordinator/adapters/store-tools-adapter";
import { createShopApp } from "./coordinator/http/create-shop-app";
import { storeConfig } from "./store/store-config";
import { createStoreTools } from "./store/store-tools";

// Parsed at cold start: a missing TABLE_NAME, STORE_URL (in Lambda) or LLM key fails here, with its name.
const config = configOnce(() => ({
  table: parseConfig(TableConfigSchema),
  llm: readLlmConfig(),
  store: storeConfig(),
}))();
const observability = await createObservability("shop");
const { logger } = observability;
const table = createAppTable(config.table);

export const app = createShopApp({
  logger,
  runsFor: (tenant) => createDynamoShopRunRepository(table.forTenant(tenant)),
  // Resolved per call: the local stack installs its runner after the handlers are imported.
  workflows: {
    start: (name, input, options) => processWorkflowPort().start(name, input, options),
    describe: (executionId) => processWorkflowPort().describe(executionId),
  },
  storeFor: async (householdId) => {
    // Loaded on first use: only decisions drive the store, and they are the rare request.
    const { containerStoreBrowser } = await import("./store/playwright-store-browser");
    const tools = createStoreTools({
      browser: containerStoreBrowser({ storeUrl: config.store.storeUrl, timeoutMs: config.store.timeoutMs }),
      storeUrl: config.store.storeUrl,
      householdId,
    });
    return { ...storeToolsPortOver(tools), close: () => tools.close() };
  },
  llm: createLlm(config.llm),
  newRunId: () => `run_${randomUUID().replaceAll("-", "")}`,
  now: () => new Date(),
});

export const handler = toLambdaHandler(app, logger, observability);
