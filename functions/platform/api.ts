import { configOnce, parseConfig } from "../core/config";
import { createAppTable, TableConfigSchema } from "../core/db/app-table";
import { toLambdaHandler } from "../core/http/lambda-handler";
import { createObservability } from "../core/observability";
import { createSql } from "../core/sql/create-sql";
import { readSqlConfig } from "../core/sql/sql-config";

// Parsed at cold start: a missing TABLE_NAME fails here, with its name.
const config = configOnce(() => parseConfig(TableConfigSchema))();
const observability = await createObservability("platform");
const { logger } = observability;
const table = createAppTable(config);
const sqlConfig = readSqlConfig();
const database = createSql(sqlConfig);

// The app (its routes and their zod schemas) is built on the first request, not at init.
export const handler = toLambdaHandler(
  async () => {
    const [{ createPlatformApp }, { createDatabaseCheck }] = await Promise.all([
      import("./platform-app"),
      import("./database-check"),
    ]);
    return createPlatformApp({
      logger,
      // On Aurora the database check asks the control plane, never the database: it must not wake it.
      healthChecks: { table: () => table.probe(), database: createDatabaseCheck(sqlConfig, database) },
      // Imported on the first GET /openapi.json (its own chunk), not at cold start.
      openApiDocument: async () => (await import("../../docs/openapi.json")).default,
    });
  },
  logger,
  observability,
);
