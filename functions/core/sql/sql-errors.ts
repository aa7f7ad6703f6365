import {
  ConflictError,
  DependencyUnavailableError,
  LarderError,
  type LarderErrorOptions,
  ValidationError,
} from "../errors";

/** Seconds a client should wait before retrying when the database is down, paused or resuming. */
export const DATABASE_RETRY_AFTER_SECONDS = 10;

/**
 * The database cannot serve now: unreachable, shutting down, or (Aurora at minimum capacity 0) paused
 * and resuming, which takes seconds. HTTP 503 with a retry hint in the details.
 */
export class DatabaseUnavailableError extends DependencyUnavailableError {
  override name = "DatabaseUnavailableError";
  readonly retryAfterSeconds: number;
  constructor(message: string, options: LarderErrorOptions & { retryAfterSeconds?: number } = {}) {
    const retryAfterSeconds = options.retryAfterSeconds ?? DATABASE_RETRY_AFTER_SECONDS;
    super(message, {
      ...options,
      code: options.code ?? "database_unavailable",
      details: { retry_after_seconds: retryAfterSeconds },
    });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A statement the database refused because of the values it was given (HTTP 400, never a 500). */
export class SqlQueryInvalidError extends ValidationError {
  override name = "SqlQueryInvalidError";
  readonly sqlState: string;
  constructor(message: string, sqlState: string, options: Omit<LarderErrorOptions, "details"> = {}) {
    super(message, [], { ...options, code: options.code ?? "query_invalid" });
    this.sqlState = sqlState;
  }
}

/**
 * SQLSTATE classes (PostgreSQL appendix A) that mean "the input was bad": one id twice in an upsert (21),
 * data exceptions (22: invalid
 * text for a type, out of range, a vector of the wrong dimension), integrity violations (23), and a
 * syntax error (42601), which bound parameters leave only to text the database itself parses, such as a
 * `to_tsquery` string. Undefined tables, columns and functions (42P01, 42703, 42883) are our bugs: 500.
 */
const isInputError = (state: string): boolean =>
  state.startsWith("21") ||
  state.startsWith("22") ||
  (state.startsWith("23") && state !== "23505") ||
  state === "42601";

/** Connection exceptions, operator intervention (shutdown, cannot connect now), resources, timeouts. */
const isUnavailableState = (state: string): boolean =>
  state.startsWith("08") ||
  state.startsWith("53") ||
  state.startsWith("57") ||
  state === "40001" ||
  state === "40P01";

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
]);

/** First sentence of a database message, without the statement or values around it. */
const shortReason = (message: string): string => message.split("\n")[0]?.slice(0, 300) ?? "";

/**
 * Maps a failure carrying a SQLSTATE (wire protocol: `code`; Data API: parsed from the message) or a
 * network error code into our categories. Unknown failures are returned as they are (a generic 500).
 */
export const mapSqlState = (
  state: string | undefined,
  message: string,
  networkCode: string | undefined,
  cause: unknown,
): unknown => {
  if (cause instanceof LarderError) return cause;
  if (state === "23505") {
    return new ConflictError(`The row already exists: ${shortReason(message)}`, {
      code: "row_exists",
      cause,
    });
  }
  if (state && isInputError(state)) {
    return new SqlQueryInvalidError(
      `The database refused the query's input: ${shortReason(message)}`,
      state,
      {
        cause,
      },
    );
  }
  if ((state && isUnavailableState(state)) || (networkCode && NETWORK_CODES.has(networkCode))) {
    return new DatabaseUnavailableError("The database is unavailable; retry shortly", { cause });
  }
  return cause;
};
