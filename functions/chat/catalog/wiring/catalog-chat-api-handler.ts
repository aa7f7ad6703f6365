import { createAppTable } from "../../../core/db/app-table";
import { requireClientCursorKey } from "../../../core/db/cursor-key";
import { toLambdaHandler } from "../../../core/http/lambda-handler";
import { createObservability } from "../../../core/observability";
import { readCatalogChatConfig } from "./catalog-chat-config";

/**
 * The catalog chat's API Lambda handler (lib/areas/catalog-chat.ts). At cold start: the config (a missing
 * TABLE_NAME, database variable or provider key fails here, with its name), observability and the table
 * client; the app (its routes, zod schemas, adapters and agents) on the first request, so a cold start
 * loads none of them (ARCHITECTURE.md, "How a Lambda stays within budget").
 */
export const createCatalogChatApiHandler = async () => {
  const config = readCatalogChatConfig();
  const observability = await createObservability("catalog-chat");
  const { logger } = observability;
  requireClientCursorKey(config.table);
  const table = createAppTable(config.table);
  return toLambdaHandler(
    async () => {
      const { catalogChatServices, createCatalogChatApp } = await import("./catalog-chat-wiring");
      return createCatalogChatApp(catalogChatServices(config, (tenant) => table.forTenant(tenant), logger));
    },
    logger,
    observability,
  );
};
