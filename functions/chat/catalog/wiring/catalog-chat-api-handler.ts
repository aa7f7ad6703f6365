import { createAppTable } from "../../../core/db/app-table";
import type { Logger } from "../../../core/logger";
import type { CatalogChatConfig } from "./catalog-chat-config";

/**
 * The Lambda's app source: the table client at cold start, the app (its routes, zod schemas, adapters and
 * agents) on the first request, so a cold start loads none of them (ARCHITECTURE.md, "How a Lambda stays
 * within budget").
 */
export const catalogChatLambdaApp = (config: CatalogChatConfig, logger: Logger) => {
  const table = createAppTable(config.table);
  return async () => {
    const { catalogChatServices, createCatalogChatApp } = await import("./catalog-chat-wiring");
    return createCatalogChatApp(catalogChatServices(config, (tenant) => table.forTenant(tenant), logger));
  };
};
