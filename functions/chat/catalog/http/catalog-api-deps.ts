import type { TenantTable } from "../../../core/db/tenant-table";
import type { Logger } from "../../../core/logger";
import type { SqlExecutor } from "../../../core/sql/sql-port";
import { forTenant } from "../../../core/sql/tenant-sql";
import { createDynamoSessionRepository } from "../adapters/dynamo-session-repository";
import { createSqlCatalog } from "../adapters/sql-catalog";
import type { CatalogChatDeps } from "../domain/apply-catalog-tool";
import type { ToolCaller } from "../domain/send-catalog-message";
import type { TemplateBuilder } from "../domain/template-builder";

/** What the catalog chat app needs, built once per container by functions/chat/catalog-api.ts or by a test. */
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

/** One tenant's catalog and sessions. */
export const catalogDepsForTenant = (deps: CatalogApiDeps, tenant: string) => {
  const catalog = createSqlCatalog(forTenant(deps.sql, tenant));
  const chat: CatalogChatDeps & { agent1: ToolCaller } = {
    catalog,
    sessions: createDynamoSessionRepository(deps.tableFor(tenant), catalog),
    templates: deps.templates,
    now: deps.now,
    agent1: deps.agent1,
  };
  return { catalog, chat };
};
