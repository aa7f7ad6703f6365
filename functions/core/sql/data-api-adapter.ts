import {
  BeginTransactionCommand,
  CommitTransactionCommand,
  ExecuteStatementCommand,
  type Field,
  type RDSDataClient,
  RollbackTransactionCommand,
  type SqlParameter,
} from "@aws-sdk/client-rds-data";
import { DatabaseUnavailableError, mapSqlState } from "./sql-errors";
import type { DatabaseObservation, SqlExecutor, SqlParam, SqlPort, SqlResult, SqlRow } from "./sql-port";
import { toNamedPlaceholders } from "./sql-text";

export interface ResumeRetry {
  /** Calls in all, the first included, while Aurora resumes from 0 ACU. */
  maxAttempts: number;
  /** The first pause; each next one doubles, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/** Aurora Serverless v2 resumes from 0 ACU in about 15 s: 0.5+1+2+4+4+4+4 = 19.5 s of pauses at most. */
export const DEFAULT_RESUME_RETRY: ResumeRetry = { maxAttempts: 8, baseDelayMs: 500, maxDelayMs: 4000 };

export interface DataApiSqlOptions {
  client: RDSDataClient;
  resourceArn: string;
  secretArn: string;
  database: string;
  resumeRetry?: ResumeRetry;
  /** Injected so tests record pauses instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
  /** Epoch ms, for `lastKnown`; injected by tests. */
  now?: () => number;
}

const UNAVAILABLE_NAMES = new Set([
  "DatabaseNotFoundException",
  "DatabaseUnavailableException",
  "ServiceUnavailableError",
  "InternalServerErrorException",
  "StatementTimeoutException",
]);

const toField = (value: SqlParam): Field => {
  if (value === null) return { isNull: true };
  if (typeof value === "boolean") return { booleanValue: value };
  if (typeof value === "number")
    return Number.isInteger(value) ? { longValue: value } : { doubleValue: value };
  return { stringValue: value };
};

/** `$1…$n` become `:p1…:pn`, so the same SQL runs on both adapters. */
export const toDataApiParameters = (params: readonly SqlParam[]): SqlParameter[] =>
  params.map((value, index) => ({ name: `p${index + 1}`, value: toField(value) }));

const mapDataApiError = (error: unknown): unknown => {
  if (typeof error !== "object" || error === null) return error;
  const e = error as { name?: unknown; message?: unknown; $fault?: unknown };
  const name = typeof e.name === "string" ? e.name : "";
  const message = typeof e.message === "string" ? e.message : "";
  if (name === "DatabaseResumingException") {
    return new DatabaseUnavailableError("The database is resuming from pause; retry in a few seconds", {
      code: "database_resuming",
      cause: error,
    });
  }
  if (UNAVAILABLE_NAMES.has(name)) {
    return new DatabaseUnavailableError("The database is unavailable; retry shortly", { cause: error });
  }
  // The Data API reports PostgreSQL's own errors as BadRequestException / DatabaseErrorException with
  // the SQLSTATE at the end of the message: "ERROR: …; SQLState: 22P02".
  const state = /SQLState:\s*([0-9A-Z]{5})/.exec(message)?.[1];
  const networkCode = (error as { code?: unknown }).code;
  return mapSqlState(state, message, typeof networkCode === "string" ? networkCode : undefined, error);
};

/** The RDS Data API: HTTPS calls signed with the Lambda's role, so no Lambda joins the VPC. */
export const createDataApiSql = (options: DataApiSqlOptions): SqlPort => {
  const retry = options.resumeRetry ?? DEFAULT_RESUME_RETRY;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  let lastKnown: DatabaseObservation | undefined;
  const target = {
    resourceArn: options.resourceArn,
    secretArn: options.secretArn,
    database: options.database,
  };

  /** Every call waits out a resume (a bounded number of times); other failures are mapped at once. */
  const send = async <T>(call: () => Promise<T>, maxAttempts = retry.maxAttempts): Promise<T> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const output = await call();
        lastKnown = { state: "awake", at: now() };
        return output;
      } catch (error) {
        const resuming = (error as { name?: unknown })?.name === "DatabaseResumingException";
        if (resuming) lastKnown = { state: "resuming", at: now() };
        if (!resuming || attempt >= maxAttempts) throw mapDataApiError(error);
        await sleep(Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1)));
      }
    }
  };

  const execute = async <R extends SqlRow>(
    text: string,
    params: readonly SqlParam[] = [],
    transactionId?: string,
    maxAttempts?: number,
  ): Promise<SqlResult<R>> => {
    const output = await send(
      () =>
        options.client.send(
          new ExecuteStatementCommand({
            ...target,
            sql: toNamedPlaceholders(text),
            parameters: toDataApiParameters(params),
            formatRecordsAs: "JSON",
            ...(transactionId ? { transactionId } : {}),
          }),
        ),
      maxAttempts,
    );
    const rows = output.formattedRecords ? (JSON.parse(output.formattedRecords) as R[]) : [];
    return { rows, rowCount: output.formattedRecords ? rows.length : (output.numberOfRecordsUpdated ?? 0) };
  };

  return {
    adapter: "rds-data-api",
    query: (text, params) => execute(text, params),
    async transaction(work) {
      const begun = await send(() => options.client.send(new BeginTransactionCommand(target)));
      const transactionId = begun.transactionId;
      if (!transactionId) throw new DatabaseUnavailableError("The Data API began no transaction");
      const tx: SqlExecutor = { query: (text, params) => execute(text, params, transactionId) };
      let result: Awaited<ReturnType<typeof work>>;
      try {
        result = await work(tx);
      } catch (error) {
        // The rollback's own failure must not hide why the work failed; the transaction times out anyway.
        await options.client
          .send(new RollbackTransactionCommand({ ...target, transactionId }))
          .catch(() => undefined);
        throw error;
      }
      await send(() => options.client.send(new CommitTransactionCommand({ ...target, transactionId })));
      return result;
    },
    /** One call: a paused cluster starts resuming and /health answers 503 at once instead of waiting. */
    async probe() {
      await execute("SELECT 1 AS ok", [], undefined, 1);
    },
    async close() {
      options.client.destroy();
    },
    lastKnown: () => lastKnown,
  };
};
