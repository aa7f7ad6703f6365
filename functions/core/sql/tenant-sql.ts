import { LarderError } from "../errors";
import type { SqlExecutor, SqlParam, SqlPort, SqlResult, SqlRow } from "./sql-port";

/**
 * One tenant's view of the database. The tenant is always bound as `$1` and every statement must filter
 * on it (`tenant = $1`); a statement that does not is refused before it reaches the database, so one
 * tenant never reads or writes another's rows through this view. The caller's parameters follow as
 * `$2, $3, …`.
 */
export interface TenantSql {
  readonly tenant: string;
  query<R extends SqlRow = SqlRow>(text: string, params?: readonly SqlParam[]): Promise<SqlResult<R>>;
  /**
   * Runs `work` in one transaction with run-time settings that last until it ends (`SET LOCAL`, through
   * `set_config(name, value, true)` so names and values are bound, never spliced): e.g. pgvector's
   * `hnsw.iterative_scan` for one filtered nearest-neighbour query. A view made over a transaction's
   * executor sets them in that transaction.
   */
  withLocalSettings<T>(
    settings: Readonly<Record<string, string>>,
    work: (tx: TenantSql) => Promise<T>,
  ): Promise<T>;
}

const TENANT_FILTER = /\btenant\s*=\s*\$1(?!\d)/i;

const isPort = (sql: SqlExecutor | SqlPort): sql is SqlPort =>
  typeof (sql as Partial<SqlPort>).transaction === "function";

export const forTenant = (sql: SqlExecutor | SqlPort, tenant: string): TenantSql => {
  if (tenant.trim() === "") throw new LarderError("internal", "A tenant-scoped database view needs a tenant");
  const setLocally = async (executor: SqlExecutor, settings: Readonly<Record<string, string>>) => {
    for (const [name, value] of Object.entries(settings)) {
      await executor.query("SELECT set_config($1, $2, true)", [name, value]);
    }
  };
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
    async withLocalSettings(settings, work) {
      if (!isPort(sql)) {
        await setLocally(sql, settings);
        return work(forTenant(sql, tenant));
      }
      return sql.transaction(async (tx) => {
        await setLocally(tx, settings);
        return work(forTenant(tx, tenant));
      });
    },
  };
};
