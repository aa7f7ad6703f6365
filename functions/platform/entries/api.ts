import { configOnce, parseConfig } from "../../core/config";
import { createAppTable, TableConfigSchema } from "../../core/db/app-table";
import { lazyTableProviderConditions } from "../../core/db/lazy-provider-conditions";
import { toLambdaHandler } from "../../core/http/lambda-handler";
import { createObservability } from "../../core/observability";
import { createSql } from "../../core/sql/create-sql";
import { readSqlConfig } from "../../core/sql/sql-config";
import { createPlatformApp } from "../http/create-platform-app";
import { createDatabaseCheck } from "../wiring/database-check";
import { createModelCheck } from "../wiring/model-check";

// Parsed at cold start: a missing TABLE_NAME fails here, with its name.
const config = configOnce(() => parseConfig(TableConfigSchema))();
const observability = await createObservability("platform");
const { logger } = observability;
const table = createAppTable(config);
const sqlConfig = readSqlConfig();
const database = createSql(sqlConfig);

export const app = createPlatformApp({
  logger,
  // On Aurora the database check asks the control plane, never the database: it must not wake it.
  healthChecks: {
    table: () => table.probe(),
    database: createDatabaseCheck(sqlConfig, database),
    // Never calls a model: what the breakers recorded (provider-breaker.ts), here and in the table.
    model: createModelCheck(
      lazyTableProviderConditions({
        tableName: config.TABLE_NAME,
        dynamoDbEndpoint: config.DYNAMODB_ENDPOINT,
      }),
    ),
  },
  // Imported on the first GET /openapi.json (its own chunk), not at cold start.
  openApiDocument: async () => (await import("../../../docs/openapi.json")).default,
});

export const handler = toLambdaHandler(app, logger, observability);
