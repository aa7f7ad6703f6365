/**
 * The one door to PostgreSQL. Domain code receives a `SqlPort` (or a tenant's `TenantSql`) as a parameter
 * and never sees the adapter behind it: the Postgres wire protocol (`DATABASE_URL`, postgres.js) or the
 * RDS Data API (Aurora Serverless v2, no VPC for the Lambda).
 *
 * Parameters are always bound (`$1`, `$2`, …), never spliced into the SQL text. The Data API takes scalar
 * parameters only, so a parameter is a scalar too: pass a list as JSON text (`sqlJson`) and read it with
 * `jsonb_array_elements_text($n::jsonb)`, a vector as `sqlVector` with `$n::vector`.
 */
export type SqlParam = string | number | boolean | null;

/** A row as the adapters return it: column name → JSON-like value. Cast in SQL for stable types. */
export type SqlRow = Record<string, unknown>;

export interface SqlResult<R extends SqlRow = SqlRow> {
  rows: R[];
  /** Rows written by INSERT/UPDATE/DELETE; the number returned for SELECT. */
  rowCount: number;
}

/** Runs statements; inside `transaction` the same interface runs them in that transaction. */
export interface SqlExecutor {
  query<R extends SqlRow = SqlRow>(text: string, params?: readonly SqlParam[]): Promise<SqlResult<R>>;
}

export interface SqlPort extends SqlExecutor {
  /** Which adapter this is (`postgres-wire`, `rds-data-api`), for /health and logs. */
  readonly adapter: string;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws (the error
   * is rethrown). Statements inside must go through the `tx` it receives.
   */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Resolves when the database answers `SELECT 1`; rejects with a categorised error otherwise. */
  probe(): Promise<void>;
  /** Releases connections (tests, scripts); a Lambda keeps its port for the container's life. */
  close(): Promise<void>;
  /**
   * What this port last saw of the database, without asking it (the Data API adapter keeps it): lets
   * /health report a cluster that pauses when idle without waking it.
   */
  lastKnown?(): DatabaseObservation | undefined;
}

/** The database answered (`awake`) or was resuming from a pause (`resuming`), at `at` (epoch ms). */
export interface DatabaseObservation {
  state: "awake" | "resuming";
  at: number;
}

/** A list parameter as JSON text, for `jsonb_array_elements_text($n::jsonb)` (the Data API has no arrays). */
export const sqlJson = (value: unknown): string => JSON.stringify(value);

/** A vector parameter in pgvector's text form, for `$n::vector`. */
export const sqlVector = (values: readonly number[]): string =>
  // Stored as float4: eight significant digits lose nothing and halve the text.
  `[${values.map((x) => Number(x.toPrecision(8))).join(",")}]`;
