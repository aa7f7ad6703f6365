import { describe, expect, it } from "vitest";
import { createSearchIndex, type SearchDocument } from "../../../functions/core/sql/search-index";
import type { SqlExecutor, SqlParam } from "../../../functions/core/sql/sql-port";
import { forTenant } from "../../../functions/core/sql/tenant-sql";

const recorder = () => {
  const statements: { text: string; params: readonly SqlParam[] }[] = [];
  const executor: SqlExecutor = {
    async query(text, params = []) {
      statements.push({ text, params });
      return { rows: [], rowCount: 0 };
    },
  };
  return { statements, executor };
};

const doc = (id: string, body: string): SearchDocument => ({
  collection: "campaigns",
  id,
  language: "english",
  title: `title ${id}`,
  body,
  attributes: { channel: "email" },
});

describe("the search index's upsert", () => {
  it("writes many rows per multi-row INSERT with every value bound, none spliced into the SQL", async () => {
    const { statements, executor } = recorder();
    await createSearchIndex(forTenant(executor, "acme")).upsert([
      doc("a", "O'Brien; DROP TABLE x"),
      doc("b", "second"),
    ]);
    expect(statements).toHaveLength(1);
    const [statement] = statements;
    expect(statement?.text).toContain("VALUES ($1, $2, $3, $4::regconfig");
    expect(statement?.text).toContain("($1, $10, $11, $12::regconfig");
    expect(statement?.text).not.toContain("O'Brien");
    expect(statement?.params).toEqual([
      "acme",
      ...["campaigns", "a", "english", "title a", "O'Brien; DROP TABLE x", '{"channel":"email"}', null, null],
      ...["campaigns", "b", "english", "title b", "second", '{"channel":"email"}', null, null],
    ]);
  });

  it("cuts the rows into statements under the byte bound (the Data API caps a request)", async () => {
    const { statements, executor } = recorder();
    const body = "x".repeat(2_000);
    await createSearchIndex(forTenant(executor, "acme"), { maxStatementBytes: 6_000 }).upsert(
      Array.from({ length: 5 }, (_, i) => doc(`d${i}`, body)),
    );
    // About 2.6 KB a row with its overhead: two rows a statement.
    expect(statements.map((s) => (s.params.length - 1) / 8)).toEqual([2, 2, 1]);
  });

  it("writes at most 1,000 rows a statement, under PostgreSQL's 65,535 bound parameters", async () => {
    const { statements, executor } = recorder();
    await createSearchIndex(forTenant(executor, "acme"), { maxStatementBytes: 100_000_000 }).upsert(
      Array.from({ length: 2_500 }, (_, i) => doc(`d${i}`, "short")),
    );
    expect(statements.map((s) => (s.params.length - 1) / 8)).toEqual([1000, 1000, 500]);
  });
});
