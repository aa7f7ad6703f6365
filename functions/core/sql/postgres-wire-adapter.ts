import postgres from "postgres";
import { DatabaseUnavailableError, mapSqlState } from "./sql-errors";
import type { SqlExecutor, SqlParam, SqlPort, SqlResult, SqlRow } from "./sql-port";

export interface PostgresWireOptions {
  url: string;
  /** Connections in the pool. A Lambda serves one request at a time: 1. */
  maxConnections?: number;
  /** Seconds to wait for a connection before the database counts as unavailable. */
  connectTimeoutSeconds?: number;
  /**
   * Several clients share one PostgreSQL session (the local PGlite's socket server, which interleaves
   * their protocol messages and keeps the session to one client only inside a transaction): each statement
   * then runs in a transaction of its own, so another client's Parse cannot replace ours between our Parse
   * and Bind ("unnamed prepared statement does not exist").
   */
  sharedSession?: boolean;
}

const CONNECTION_FAILURES = new Set([
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
]);

const mapWireError = (error: unknown): unknown => {
  if (typeof error !== "object" || error === null) return error;
  const e = error as { code?: unknown; message?: unknown; name?: unknown };
  const code = typeof e.code === "string" ? e.code : undefined;
  const message = typeof e.message === "string" ? e.message : "";
  if (code && CONNECTION_FAILURES.has(code)) {
    return new DatabaseUnavailableError("The database is unavailable; retry shortly", { cause: error });
  }
  // postgres.js puts the SQLSTATE in `code` of a PostgresError; other codes are Node's network errors.
  const isPostgresError = e.name === "PostgresError";
  return mapSqlState(isPostgresError ? code : undefined, message, isPostgresError ? undefined : code, error);
};

/** postgres.js (porsager): pure JavaScript, no native parts, small (measured in bench/README.md). */
export const createPostgresWireSql = (options: PostgresWireOptions): SqlPort => {
  const sql = postgres(options.url, {
    max: options.maxConnections ?? 1,
    connect_timeout: options.connectTimeoutSeconds ?? 5,
    idle_timeout: 60,
    // Unnamed statements: nothing is left behind on a connection that PGlite's socket server multiplexes
    // (one PostgreSQL session shared by its clients), and nothing to invalidate after a migration.
    prepare: false,
    onnotice: () => undefined,
    types: {
      // Our JSON parameters are JSON text already (`sqlJson`, for the Data API's sake): sent as they are,
      // where postgres.js would encode them a second time.
      json: {
        to: 114,
        from: [114, 3802],
        serialize: (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value)),
        parse: (text: string) => JSON.parse(text) as unknown,
      },
    },
  });

  const run = async <R extends SqlRow>(
    client: postgres.Sql | postgres.TransactionSql,
    text: string,
    params: readonly SqlParam[] = [],
  ): Promise<SqlResult<R>> => {
    try {
      const result = await client.unsafe(text, params as postgres.ParameterOrJSON<never>[]);
      return { rows: [...result] as unknown as R[], rowCount: result.count ?? result.length };
    } catch (error) {
      throw mapWireError(error);
    }
  };

  const runAlone = async <R extends SqlRow>(
    text: string,
    params?: readonly SqlParam[],
  ): Promise<SqlResult<R>> => {
    if (!options.sharedSession) return run<R>(sql, text, params);
    try {
      return (await sql.begin((tx) => run<R>(tx, text, params))) as SqlResult<R>;
    } catch (error) {
      throw mapWireError(error);
    }
  };

  return {
    adapter: "postgres-wire",
    query: (text, params) => runAlone(text, params),
    async transaction(work) {
      try {
        return (await sql.begin(async (tx) => {
          const executor: SqlExecutor = { query: (text, params) => run(tx, text, params) };
          return work(executor);
        })) as Awaited<ReturnType<typeof work>>;
      } catch (error) {
        throw mapWireError(error);
      }
    },
    async probe() {
      await runAlone("SELECT 1 AS ok");
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
};
