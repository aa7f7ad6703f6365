import { LarderError } from "../errors";
import type { SqlExecutor, SqlParam, SqlResult, SqlRow } from "./sql-port";

/**
 * One tenant's view of the database. The tenant is always bound as `$1` and every statement must filter
 * on it (`tenant = $1`); a statement that does not is refused before it reaches the database, so one
 * tenant never reads or writes another's rows through this view. The caller's parameters follow as
 * `$2, $3, …`.
 */
export interface TenantSql {
  readonly tenant: string;
  query<R extends SqlRow = SqlRow>(text: string, params?: readonly SqlParam[]): Promise<SqlResult<R>>;
}

const TENANT_FILTER = /\btenant\s*=\s*\$1(?!\d)/i;

export const forTenant = (sql: SqlExecutor, tenant: string): TenantSql => {
  if (tenant.trim() === "") throw new LarderError("internal", "A tenant-scoped database view needs a tenant");
  return {
    tenant,
    query(text, params = []) {
      if (!TENANT_FILTER.test(text)) {
        throw new LarderError("internal", "A tenant-scoped statement must filter on tenant = $1", {
          code: "tenant_filter_missing",
        });
      }
      return sql.query(text, [tenant, ...params]);
    },
  };
};
