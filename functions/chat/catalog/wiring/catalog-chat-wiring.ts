import type { TenantTable } from "../../../core/db/tenant-table";
import { prefixedIdMaker } from "../../../core/ids";
import type { Logger } from "../../../core/logger";
import type { SqlExecutor } from "../../../core/sql/sql-port";
import { forTenant } from "../../../core/sql/tenant-sql";
import { createDynamoSessionRepository } from "../adapters/dynamo-session-repository";
import { createSqlCatalog } from "../adapters/sql-catalog";
import type { CatalogStore } from "../domain/ports/catalog-store";
import type { SessionRepository } from "../domain/ports/session-repository";
import type { SendCatalogMessageDeps } from "../domain/use-cases/send-catalog-message";
import type { CatalogAgents, CatalogModel } from "./catalog-agents";

/** What the catalog chat app needs, built once per container by entries/api.ts or by a test. */
export interface CatalogApiDeps extends CatalogModel {
  logger: Logger;
  tableFor(tenant: string): TenantTable;
  sql: SqlExecutor;
  now: () => Date;
  maxBodyBytes?: number;
}

/** A new catalog chat session's id: `cs_` and 32 hex digits. */
export const newCatalogSessionId = prefixedIdMaker("cs");

/** One tenant's catalog and sessions. */
export const catalogDepsForTenant = (
  deps: CatalogApiDeps,
  tenant: string,
): { catalog: CatalogStore; sessions: SessionRepository } => {
  const catalog = createSqlCatalog(forTenant(deps.sql, tenant));
  return { catalog, sessions: createDynamoSessionRepository(deps.tableFor(tenant), catalog) };
};

/** One tenant's chat with the request's agents (built on the request's model session). */
export const catalogChatFor = (
  deps: CatalogApiDeps,
  tenant: string,
  agents: CatalogAgents,
): SendCatalogMessageDeps => ({
  ...catalogDepsForTenant(deps, tenant),
  templates: agents.templates,
  agent1: agents.agent1,
  now: deps.now,
  newSessionId: newCatalogSessionId,
});
