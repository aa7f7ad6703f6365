import { configOnce, parseConfig } from "../core/config";
import { createAppTable, TableConfigSchema } from "../core/db/app-table";
import { toLambdaHandler } from "../core/http/lambda-handler";
import { readLlmConfig } from "../core/llm/llm-config";
import { createObservability } from "../core/observability";
import { createSql } from "../core/sql/create-sql";
import { readSqlConfig } from "../core/sql/sql-config";
import { createCatalogAgents } from "./catalog/http/catalog-agents";
import { createCatalogApp } from "./catalog/http/create-catalog-app";

// Parsed at cold start: a missing TABLE_NAME, database variable or provider key fails here, with its name.
const config = configOnce(() => ({
  table: parseConfig(TableConfigSchema),
  // A malformed LLM_PROVIDER is named before the database variables, as in every entry that calls a model.
  llm: readLlmConfig(),
  sql: readSqlConfig(),
}))();
const observability = await createObservability("chat");
const { logger } = observability;
const table = createAppTable(config.table);

export const app = createCatalogApp({
  logger,
  tableFor: (tenant) => table.forTenant(tenant),
  sql: createSql(config.sql),
  ...createCatalogAgents(config.llm, logger),
  now: () => new Date(),
});

export const handler = toLambdaHandler(app, logger, observability);
