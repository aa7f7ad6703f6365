import { createAppTable } from "../../../core/db/app-table";
import { toLambdaHandler } from "../../../core/http/lambda-handler";
import { createObservability } from "../../../core/observability";
import { readCatalogChatConfig } from "../wiring/catalog-chat-config";

// Parsed at cold start: a missing TABLE_NAME, database variable or provider key fails here, with its name.
const config = readCatalogChatConfig();
const observability = await createObservability("catalog-chat");
const { logger } = observability;
const table = createAppTable(config.table);

/** The catalog chat's API Lambda (lib/areas/catalog-chat.ts). The app (its routes and their zod schemas) is built on the first request, not at init. */
export const handler = toLambdaHandler(
  async () => {
    const [{ createCatalogApp }, { createSql }, { createCatalogAgents }] = await Promise.all([
      import("../http/create-catalog-app"),
      import("../../../core/sql/create-sql"),
      import("../wiring/catalog-agents"),
    ]);
    return createCatalogApp({
      logger,
      tableFor: (tenant) => table.forTenant(tenant),
      sql: createSql(config.sql),
      // The model and the agents each chat request builds on its own session of it (its deadline).
      ...createCatalogAgents(config.llm, logger),
      now: () => new Date(),
    });
  },
  logger,
  observability,
);
