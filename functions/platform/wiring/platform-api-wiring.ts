import { configOnce, parseConfig } from "../../core/config";
import { createAppTable, TableConfigSchema } from "../../core/db/app-table";
import { lazyTableProviderConditions } from "../../core/db/lazy-provider-conditions";
import { toLambdaHandler } from "../../core/http/lambda-handler";
import { createObservability } from "../../core/observability";
import { createSql } from "../../core/sql/create-sql";
import { readSqlConfig } from "../../core/sql/sql-config";
import { createPlatformApp } from "../http/create-platform-app";
import { createDatabaseCheck } from "./database-check";
import { createModelCheck } from "./model-check";

/**
 * PlatformApi's configuration, parsed once (zod) at cold start: a missing TABLE_NAME or database variable
 * fails here, with its name.
 */
export const readPlatformConfig = configOnce(() => ({
  table: parseConfig(TableConfigSchema),
  sql: readSqlConfig(),
}));

/**
 * The PlatformApi Lambda handler (its composition root), built at cold start: the config, the table, the
 * database and the checks, then the app.
 */
export const createPlatformApiHandler = async () => {
  const config = readPlatformConfig();
  const observability = await createObservability("platform");
  const { logger } = observability;
  const table = createAppTable(config.table);
  const database = createSql(config.sql);
  const app = createPlatformApp({
    logger,
    // On Aurora the database check asks the control plane, never the database: it must not wake it.
    healthChecks: {
      table: () => table.probe(),
      database: createDatabaseCheck(config.sql, database),
      // Never calls a model: what the breakers recorded (provider-breaker.ts), here and in the table.
      model: createModelCheck(
        lazyTableProviderConditions({
          tableName: config.table.TABLE_NAME,
          dynamoDbEndpoint: config.table.DYNAMODB_ENDPOINT,
        }),
      ),
    },
    // Imported on the first GET /openapi.json (its own chunk), not at cold start.
    openApiDocument: async () => (await import("../../../docs/openapi.json")).default,
  });
  return toLambdaHandler(app, logger, observability);
};
