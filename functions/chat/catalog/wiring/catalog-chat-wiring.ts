import type { TenantTable } from "../../../core/db/tenant-table";
import { prefixedIdMaker } from "../../../core/ids";
import type { Logger } from "../../../core/logger";
import { withRequestScope } from "../../../core/request-scope";
import { createSql } from "../../../core/sql/create-sql";
import type { SqlExecutor } from "../../../core/sql/sql-port";
import { forTenant } from "../../../core/sql/tenant-sql";
import { createDynamoSessionRepository } from "../adapters/dynamo-session-repository";
import { createSqlCatalog } from "../adapters/sql-catalog";
import type { CatalogApiDeps, CatalogTenantDeps } from "../http/catalog-api-deps";
import { createCatalogApp } from "../http/create-catalog-app";
import { type CatalogModel, createCatalogAgents } from "./catalog-agents";
import type { CatalogChatConfig } from "./catalog-chat-config";

/** What the catalog chat builds once per container, from its config (or a test's). */
export interface CatalogChatServices extends CatalogModel {
  logger: Logger;
  tableFor(tenant: string): TenantTable;
  sql: SqlExecutor;
  now: () => Date;
  maxBodyBytes?: number;
}

/** A new catalog chat session's id: `cs_` and 32 hex digits. */
export const newCatalogSessionId = prefixedIdMaker("cs");

/** The container's services from the config read at cold start; the table is built then too. */
export const catalogChatServices = (
  config: CatalogChatConfig,
  tableFor: (tenant: string) => TenantTable,
  logger: Logger,
): CatalogChatServices => ({
  logger,
  tableFor,
  sql: createSql(config.sql),
  // The model and the agents each chat request builds on its own scope's session of it (its deadline).
  ...createCatalogAgents(config.llm, logger),
  now: () => new Date(),
});

/** The per-request dependencies the HTTP app calls its use cases with. */
export const catalogApiDeps = (services: CatalogChatServices): CatalogApiDeps => {
  const tenantDeps = (tenant: string): CatalogTenantDeps => {
    const catalog = createSqlCatalog(forTenant(services.sql, tenant));
    return { catalog, sessions: createDynamoSessionRepository(services.tableFor(tenant), catalog) };
  };
  return {
    logger: services.logger,
    ...(services.maxBodyBytes === undefined ? {} : { maxBodyBytes: services.maxBodyBytes }),
    tenantDeps,
    // Agents 1 and 2 share the scope's one model session, so they share its one deadline: a model that never
    // answers costs the request the time left before it, never two model timeouts in a row.
    inRequestScope: (request, use) =>
      withRequestScope(services.llm, { ...request, logContext: { chat: "catalog" } }, (scope) => {
        const agents = services.agentsFor(scope.llm);
        return use({
          ...tenantDeps(scope.tenant),
          agent1: agents.agent1,
          templates: agents.templates,
          now: services.now,
          newSessionId: newCatalogSessionId,
        });
      }),
  };
};

/** The catalog chat's HTTP app on these services: the one place its dependencies are put together. */
export const createCatalogChatApp = (services: CatalogChatServices) =>
  createCatalogApp(catalogApiDeps(services));
