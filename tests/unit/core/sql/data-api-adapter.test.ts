import {
  BeginTransactionCommand,
  CommitTransactionCommand,
  DatabaseResumingException,
  ExecuteStatementCommand,
  RDSDataClient,
  RollbackTransactionCommand,
} from "@aws-sdk/client-rds-data";
import { mockClient } from "aws-sdk-client-mock";
import { afterEach, describe, expect, it } from "vitest";
import { mapErrorToHttp } from "../../../../functions/core/http/error-response";
import { createDataApiSql } from "../../../../functions/core/sql/data-api-adapter";
import { DatabaseUnavailableError, SqlQueryInvalidError } from "../../../../functions/core/sql/sql-errors";

const rds = mockClient(RDSDataClient);
afterEach(() => rds.reset());

const target = {
  resourceArn: "arn:aws:rds:eu-west-1:123456789012:cluster:larder",
  secretArn: "arn:aws:secretsmanager:eu-west-1:123456789012:secret:larder-db",
  database: "larder",
};

const build = (pauses: number[] = []) =>
  createDataApiSql({
    client: new RDSDataClient({ region: "eu-west-1" }),
    ...target,
    resumeRetry: { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 250 },
    sleep: async (ms) => {
      pauses.push(ms);
    },
  });

const resuming = () => new DatabaseResumingException({ message: "The database is resuming", $metadata: {} });

describe("the RDS Data API adapter", () => {
  it("sends the SQL with $n renamed to :pn and each parameter typed, and reads JSON records", async () => {
    rds.on(ExecuteStatementCommand).resolves({ formattedRecords: '[{"id":"a","score":0.5}]' });
    const result = await build().query(
      "SELECT id FROM t WHERE tenant = $1 AND n = $2 AND x = $3 AND ok = $4 AND v = $5 AND s = '$9'",
      ["acme", 3, 1.5, true, null],
    );
    expect(result).toEqual({ rows: [{ id: "a", score: 0.5 }], rowCount: 1 });
    expect(rds.commandCalls(ExecuteStatementCommand)[0]?.args[0].input).toEqual({
      ...target,
      sql: "SELECT id FROM t WHERE tenant = :p1 AND n = :p2 AND x = :p3 AND ok = :p4 AND v = :p5 AND s = '$9'",
      parameters: [
        { name: "p1", value: { stringValue: "acme" } },
        { name: "p2", value: { longValue: 3 } },
        { name: "p3", value: { doubleValue: 1.5 } },
        { name: "p4", value: { booleanValue: true } },
        { name: "p5", value: { isNull: true } },
      ],
      formatRecordsAs: "JSON",
    });
  });

  it("counts written rows for statements that return none", async () => {
    rds.on(ExecuteStatementCommand).resolves({ numberOfRecordsUpdated: 2 });
    expect(await build().query("DELETE FROM t WHERE tenant = $1", ["acme"])).toEqual({
      rows: [],
      rowCount: 2,
    });
  });

  it("waits out a resuming cluster with doubling pauses, then answers", async () => {
    rds
      .on(ExecuteStatementCommand)
      .rejectsOnce(resuming())
      .rejectsOnce(resuming())
      .rejectsOnce(resuming())
      .resolves({ formattedRecords: '[{"ok":1}]' });
    const pauses: number[] = [];
    expect((await build(pauses).query("SELECT 1 AS ok")).rows).toEqual([{ ok: 1 }]);
    expect(pauses).toEqual([100, 200, 250]);
  });

  it("gives up after the bound with a 503 that carries a retry hint", async () => {
    rds.on(ExecuteStatementCommand).rejects(resuming());
    const pauses: number[] = [];
    const attempt = build(pauses).query("SELECT 1");
    await expect(attempt).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await attempt.catch((error: unknown) => {
      const mapped = mapErrorToHttp(error);
      expect(mapped.status).toBe(503);
      expect(mapped.body.error).toMatchObject({
        code: "database_resuming",
        details: { retry_after_seconds: 10 },
      });
    });
    expect(rds.commandCalls(ExecuteStatementCommand)).toHaveLength(4);
  });

  it("probes once, so /health answers 503 at once while the cluster resumes", async () => {
    rds.on(ExecuteStatementCommand).rejects(resuming());
    await expect(build().probe()).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(rds.commandCalls(ExecuteStatementCommand)).toHaveLength(1);
  });

  it("remembers what it last saw of the database, for a /health that must not wake it", async () => {
    let clock = 1_000;
    const sql = createDataApiSql({
      client: new RDSDataClient({ region: "eu-west-1" }),
      ...target,
      resumeRetry: { maxAttempts: 1, baseDelayMs: 100, maxDelayMs: 250 },
      sleep: async () => undefined,
      now: () => clock,
    });
    expect(sql.lastKnown?.()).toBeUndefined();
    rds.on(ExecuteStatementCommand).rejectsOnce(resuming()).resolves({ numberOfRecordsUpdated: 0 });
    await expect(sql.query("SELECT 1")).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(sql.lastKnown?.()).toEqual({ state: "resuming", at: 1_000 });
    clock = 5_000;
    await sql.query("SELECT 1");
    expect(sql.lastKnown?.()).toEqual({ state: "awake", at: 5_000 });
  });

  it("maps PostgreSQL's refusal of a value, reported with its SQLSTATE, to a 400", async () => {
    const refusal = Object.assign(
      new Error('ERROR: invalid input syntax for type integer: "x"; SQLState: 22P02'),
      {
        name: "BadRequestException",
      },
    );
    rds.on(ExecuteStatementCommand).rejects(refusal);
    const attempt = build().query("SELECT $1::int", ["x"]);
    await expect(attempt).rejects.toBeInstanceOf(SqlQueryInvalidError);
    await attempt.catch((error: unknown) => expect(mapErrorToHttp(error).status).toBe(400));
  });

  it("runs a transaction's statements with its id and commits it", async () => {
    rds.on(BeginTransactionCommand).resolves({ transactionId: "tx-1" });
    rds.on(ExecuteStatementCommand).resolves({ numberOfRecordsUpdated: 1 });
    rds.on(CommitTransactionCommand).resolves({ transactionStatus: "Transaction Committed" });
    await build().transaction(async (tx) => tx.query("INSERT INTO t VALUES ($1)", ["a"]));
    expect(rds.commandCalls(ExecuteStatementCommand)[0]?.args[0].input.transactionId).toBe("tx-1");
    expect(rds.commandCalls(CommitTransactionCommand)[0]?.args[0].input).toEqual({
      ...target,
      transactionId: "tx-1",
    });
    expect(rds.commandCalls(RollbackTransactionCommand)).toHaveLength(0);
  });

  it("rolls the transaction back and rethrows when the work fails", async () => {
    rds.on(BeginTransactionCommand).resolves({ transactionId: "tx-2" });
    rds.on(RollbackTransactionCommand).resolves({});
    await expect(
      build().transaction(async () => {
        throw new Error("work failed");
      }),
    ).rejects.toThrow("work failed");
    expect(rds.commandCalls(RollbackTransactionCommand)[0]?.args[0].input.transactionId).toBe("tx-2");
    expect(rds.commandCalls(CommitTransactionCommand)).toHaveLength(0);
  });
});
