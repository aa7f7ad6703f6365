import { configOnce, parseConfig } from "../core/config";
import { createAppTable, TableConfigSchema } from "../core/db/app-table";
import { toLambdaHandler } from "../core/http/lambda-handler";
import { readLlmConfig } from "../core/llm/llm-config";
import { createObservability } from "../core/observability";
import { createCookApiDeps } from "./http/cook-api-wiring";
import { createCookApp } from "./http/create-cook-app";

// Parsed at cold start: a missing TABLE_NAME or a provider without its key fails here, with its name.
const config = configOnce(() => ({ table: parseConfig(TableConfigSchema), llm: readLlmConfig() }))();
const observability = await createObservability("cook");
const { logger } = observability;

export const app = createCookApp(
  createCookApiDeps({ logger, table: createAppTable(config.table), llmConfig: config.llm }),
);

export const handler = toLambdaHandler(app, logger, observability);
