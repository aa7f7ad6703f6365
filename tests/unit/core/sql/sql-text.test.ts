import { describe, expect, it } from "vitest";
import { readSqlConfig } from "../../../../functions/core/sql/sql-config";
import { splitSqlStatements, toNamedPlaceholders } from "../../../../functions/core/sql/sql-text";

describe("SQL text helpers", () => {
  it("renames placeholders outside strings, identifiers, dollar quotes and comments", () => {
    expect(
      toNamedPlaceholders(`SELECT $1, '$2', "$3", $$ $4 $$, $tag$ $5 $tag$ -- $6\n, $10::vector /* $7 */`),
    ).toBe(`SELECT :p1, '$2', "$3", $$ $4 $$, $tag$ $5 $tag$ -- $6\n, :p10::vector /* $7 */`);
  });

  it("splits a script on top-level semicolons only", () => {
    const script = `-- header; with a semicolon
CREATE TABLE a (s text DEFAULT 'x;y');
CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql;
/* trailing; comment */`;
    expect(splitSqlStatements(script)).toEqual([
      "-- header; with a semicolon\nCREATE TABLE a (s text DEFAULT 'x;y')",
      "CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql",
    ]);
  });
});

describe("database configuration", () => {
  it("chooses the wire protocol for DATABASE_URL and the Data API for the cluster's ARNs", () => {
    expect(readSqlConfig({ DATABASE_URL: "postgres://u@127.0.0.1:5432/db" })).toEqual({
      adapter: "postgres-wire",
      url: "postgres://u@127.0.0.1:5432/db",
      sharedSession: false,
    });
    expect(
      readSqlConfig({ DATABASE_URL: "postgres://u@127.0.0.1:5432/db", DATABASE_SHARED_SESSION: "true" }),
    ).toMatchObject({ adapter: "postgres-wire", sharedSession: true });
    expect(
      readSqlConfig({ DATABASE_CLUSTER_ARN: "arn:c", DATABASE_SECRET_ARN: "arn:s", DATABASE_NAME: "larder" }),
    ).toEqual({ adapter: "rds-data-api", clusterArn: "arn:c", secretArn: "arn:s", database: "larder" });
  });

  it("names the missing variables when neither is set", () => {
    expect(() => readSqlConfig({ DATABASE_CLUSTER_ARN: "arn:c" })).toThrow(
      /DATABASE_URL is missing \(or set DATABASE_SECRET_ARN, DATABASE_NAME for the Data API\)/,
    );
    expect(() => readSqlConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL is malformed/);
  });
});
