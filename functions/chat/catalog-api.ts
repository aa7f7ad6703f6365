import { configOnce, parseConfig } from "../core/config";
import { createAppTable, TableConfigSchema } from "../core/db/app-table";
import { toLambdaHandler } from "../core/http/lambda-handler";
import { readLlmConfig } from "../core/llm/llm-config";
import { createObservability } from "../core/observability";
import { readSqlConfig } from "../core/sql/sql-config";

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

// The app (its routes and their zod schemas) is built on the first request, not at init.
export const handler = toLambdaHandler(
  async () => {
    const [{ createCatalogApp }, { createSql }, { createCatalogAgents }] = await Promise.all([
      import("./catalog/http/create-catalog-app"),
      import("../core/sql/create-sql"),
      import("./catalog/http/catalog-agents"),
    ]);
    return createCatalogApp({
      logger,
      tableFor: (tenant) => table.forTenant(tenant),
      sql: createSql(config.sql),
      ...createCatalogAgents(config.llm, logger),
      now: () => new Date(),
    });
  },
  logger,
  observability,
);
