import type { TenantTable } from "../../../core/db/tenant-table";
import { prefixedIdMaker } from "../../../core/ids";
import type { Logger } from "../../../core/logger";
import type { SqlExecutor } from "../../../core/sql/sql-port";
import { forTenant } from "../../../core/sql/tenant-sql";
import { createDynamoSessionRepository } from "../adapters/dynamo-session-repository";
import { createSqlCatalog } from "../adapters/sql-catalog";
import type { CatalogStore } from "../domain/ports/catalog-store";
import type { TemplateBuilder } from "../domain/ports/template-builder";
import type { ToolCaller } from "../domain/ports/tool-caller";
import type { SendCatalogMessageDeps } from "../domain/use-cases/send-catalog-message";

/** What the catalog chat app needs, built once per container by entries/api.ts or by a test. */
export interface CatalogApiDeps {
  logger: Logger;
  tableFor(tenant: string): TenantTable;
  sql: SqlExecutor;
  /** Agent 1: the model through the agent loop, or the offline rules. */
  agent1: ToolCaller;
  /** Agent 2: a structured model call with the rule-based fallback, or the fallback alone. */
  templates: TemplateBuilder;
  now: () => Date;
  maxBodyBytes?: number;
}

/** A new catalog chat session's id: `cs_` and 32 hex digits. */
export const newCatalogSessionId = prefixedIdMaker("cs");

/** One tenant's catalog and sessions. */
export const catalogDepsForTenant = (
  deps: CatalogApiDeps,
  tenant: string,
): { catalog: CatalogStore; chat: SendCatalogMessageDeps } => {
  const catalog = createSqlCatalog(forTenant(deps.sql, tenant));
  return {
    catalog,
    chat: {
      catalog,
      sessions: createDynamoSessionRepository(deps.tableFor(tenant), catalog),
      templates: deps.templates,
      now: deps.now,
      agent1: deps.agent1,
      newSessionId: newCatalogSessionId,
    },
  };
};
