import { describe, expect, it } from "vitest";
import type { SqlExecutor, SqlParam, SqlPort } from "../../../../functions/core/sql/sql-port";
import { forTenant } from "../../../../functions/core/sql/tenant-sql";

/** A port that records each statement with the transaction it ran in (0: none). */
const recordingPort = () => {
  const log: { tx: number; text: string; params: readonly SqlParam[] }[] = [];
  let transactions = 0;
  const executorFor = (tx: number): SqlExecutor => ({
    async query(text, params = []) {
      log.push({ tx, text, params });
      return { rows: [], rowCount: 0 };
    },
  });
  const port: SqlPort = {
    adapter: "recording",
    ...executorFor(0),
    async transaction(work) {
      transactions += 1;
      return work(executorFor(transactions));
    },
    probe: async () => undefined,
    close: async () => undefined,
  };
  return { port, log };
};

describe("a tenant's view: run-time settings for one transaction", () => {
  it("sets each setting with set_config(name, value, true), bound, then runs the work in the same transaction", async () => {
    const { port, log } = recordingPort();
    await forTenant(port, "acme").withLocalSettings({ "hnsw.iterative_scan": "relaxed_order" }, (tx) =>
      tx.query("SELECT 1 FROM t WHERE tenant = $1 AND id = $2", ["x"]),
    );
    expect(log).toEqual([
      { tx: 1, text: "SELECT set_config($1, $2, true)", params: ["hnsw.iterative_scan", "relaxed_order"] },
      { tx: 1, text: "SELECT 1 FROM t WHERE tenant = $1 AND id = $2", params: ["acme", "x"] },
    ]);
  });

  it("sets them in the enclosing transaction when the view is over a transaction's executor", async () => {
    const { port, log } = recordingPort();
    await port.transaction((outer) =>
      forTenant(outer, "acme").withLocalSettings({ a: "1" }, (inner) =>
        inner.withLocalSettings({ b: "2" }, (tx) => tx.query("SELECT 1 FROM t WHERE tenant = $1")),
      ),
    );
    expect(log.map((entry) => [entry.tx, entry.params])).toEqual([
      [1, ["a", "1"]],
      [1, ["b", "2"]],
      [1, ["acme"]],
    ]);
  });

  it("still refuses a statement inside that does not filter on the tenant", async () => {
    const { port } = recordingPort();
    await expect(
      forTenant(port, "acme").withLocalSettings({}, (tx) => tx.query("SELECT * FROM t")),
    ).rejects.toThrow(/tenant = \$1/);
  });
});
