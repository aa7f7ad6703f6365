import { configOnce, parseConfig } from "../core/config";
import { createAppTable, TableConfigSchema } from "../core/db/app-table";
import { toLambdaHandler } from "../core/http/lambda-handler";
import { createObservability } from "../core/observability";
import { createSql } from "../core/sql/create-sql";
import { readSqlConfig } from "../core/sql/sql-config";
import { createPlatformApp } from "./platform-app";

// Parsed at cold start: a missing TABLE_NAME fails here, with its name.
const config = configOnce(() => parseConfig(TableConfigSchema))();
const observability = await createObservability("platform");
const { logger } = observability;
const table = createAppTable(config);
const database = createSql(readSqlConfig());

export const app = createPlatformApp({
  logger,
  healthChecks: { table: () => table.probe(), database: () => database.probe() },
  // Imported on the first GET /openapi.json (its own chunk), not at cold start.
  openApiDocument: async () => (await import("../../docs/openapi.json")).default,
});

export const handler = toLambdaHandler(app, logger, observability);
