import { describe, expect, it } from "vitest";
import { createCampaignRepository } from "../../../../functions/chat/campaigns/adapters/sql-campaign-repository";
import { LOCAL_EMBEDDING_MODEL } from "../../../../functions/core/embedding/local-embedding";
import type { SqlParam, SqlResult, SqlRow } from "../../../../functions/core/sql/sql-port";
import type { TenantSql } from "../../../../functions/core/sql/tenant-sql";

const row = (id: string): SqlRow => ({
  id,
  company: "Atlas Airways",
  brand: "",
  channel: "Email",
  offer: "",
  key_value_props: "[]",
  imagery_sentiment: "Urgent",
  imagery_visual_style: "Photo",
  capture_date: "2026-06-01",
  campaign_text: "copy",
  full_campaign_text: "",
  language: "english",
  updated_at: "2026-06-01T00:00:00.000Z",
});

/** A tenant view answering each statement with the next canned row count, recording what was sent. */
const recordingSql = (rowCounts: number[]) => {
  const statements: { text: string; params: readonly SqlParam[] }[] = [];
  const settings: Readonly<Record<string, string>>[] = [];
  const sql: TenantSql = {
    tenant: "t1",
    async query<R extends SqlRow = SqlRow>(text: string, params: readonly SqlParam[] = []) {
      statements.push({ text, params });
      const n = rowCounts.shift() ?? 0;
      const rows = Array.from({ length: n }, (_, i) => row(`c${i}`)) as R[];
      return { rows, rowCount: n } satisfies SqlResult<R>;
    },
    async withLocalSettings(local, work) {
      settings.push(local);
      return work(sql);
    },
  };
  return { sql, statements, settings };
};

/** The settings a statement makes itself: its set_config($n, $m, true) calls, read back from its parameters. */
const settingsOf = (statement?: { text: string; params: readonly SqlParam[] }): Record<string, string> => {
  const param = (n: string) => String(statement?.params[Number(n) - 2]);
  return Object.fromEntries(
    [...(statement?.text ?? "").matchAll(/set_config\(\$(\d+), \$(\d+), true\)/g)].map((m) => [
      param(m[1] ?? ""),
      param(m[2] ?? ""),
    ]),
  );
};

const orderByOf = (text: string) => text.replace(/\s+/g, " ").match(/ORDER BY (.*) LIMIT/)?.[1];
const whereOf = (text: string) => text.replace(/\s+/g, " ").match(/WHERE (.*?) ORDER BY/)?.[1];

describe("nearest campaigns", () => {
  it("orders by the index's own operator and stops there when it got the rows it asked for", async () => {
    const { sql, statements, settings } = recordingSql([20]);
    const page = await createCampaignRepository(sql).nearest([1, 0], "m", "campaign_text", [], 20);
    expect(page.total).toBe(20);
    expect(statements).toHaveLength(1);
    expect(orderByOf(statements[0]?.text ?? "")).toBe("campaign_text_embedding <=> $2::vector");
    // The settings are made by the statement itself (one round trip), not by a transaction around it.
    expect(settings).toEqual([]);
    expect(settingsOf(statements[0])).toMatchObject({ "hnsw.iterative_scan": "relaxed_order" });
    // A longer candidate list than pgvector's default (40), which found 86 % of the top 20 at 100,000 rows.
    expect(Number(settingsOf(statements[0])["hnsw.ef_search"])).toBeGreaterThan(40);
    // The scan reads them: the condition that makes them run first is in the scan's own WHERE.
    expect(whereOf(statements[0]?.text ?? "")).toContain("EXISTS (SELECT FROM statement_settings)");
  });

  it("walks the local embedding's sparsevec index without filters, and the vector index with them", async () => {
    // The local embedding also has a sparsevec index, partial on the model (migration 0011): an unfiltered
    // search ranks by it and repeats its condition. A filtered one, which the planner may rank exactly over
    // the rows that pass, and any other model's, rank by the vector.
    const { sql, statements } = recordingSql([20, 20, 20]);
    const store = createCampaignRepository(sql);
    await store.nearest([1, 0], LOCAL_EMBEDDING_MODEL, "full_campaign_text", [], 20);
    await store.nearest([1, 0], LOCAL_EMBEDDING_MODEL, "full_campaign_text", [{ channel: "Email" }], 20);
    await store.nearest([1, 0], "text-embedding-3-small", "full_campaign_text", [], 20);
    const [unfiltered, filtered, dense] = statements.map((statement) => statement.text);
    expect(orderByOf(unfiltered ?? "")).toBe(
      "full_campaign_text_embedding::sparsevec(512) <=> $2::vector::sparsevec(512)",
    );
    expect(whereOf(unfiltered ?? "")).toContain(`embedding_model = '${LOCAL_EMBEDDING_MODEL}'`);
    for (const text of [filtered, dense]) {
      expect(orderByOf(text ?? "")).toBe("full_campaign_text_embedding <=> $2::vector");
      expect(whereOf(text ?? "")).not.toContain(LOCAL_EMBEDDING_MODEL);
    }
  });

  it("ranks ids and distances only, and reads the columns of the rows it keeps", async () => {
    // A filtered rank sorts every row that passes: columns computed there were computed for each of them.
    const { sql, statements } = recordingSql([20]);
    await createCampaignRepository(sql).nearest([1, 0], "m", "campaign_text", [{ channel: "Email" }], 20);
    const text = (statements[0]?.text ?? "").replace(/\s+/g, " ");
    expect(text.match(/nearest AS MATERIALIZED \( (SELECT .*?) FROM campaigns/)?.[1]).toBe(
      "SELECT tenant, id, campaign_text_embedding <=> $2::vector AS distance",
    );
    expect(text).toContain("FROM nearest JOIN campaigns USING (tenant, id) ORDER BY nearest.distance");
  });

  it("takes other run-time settings from its options (a bench sweeps ef_search)", async () => {
    const { sql, statements } = recordingSql([20]);
    await createCampaignRepository(sql, {
      nearestSettings: { "hnsw.iterative_scan": "relaxed_order", "hnsw.ef_search": "100" },
    }).nearest([1, 0], "m", "campaign_text", [], 20);
    expect(settingsOf(statements[0])).toEqual({
      "hnsw.iterative_scan": "relaxed_order",
      "hnsw.ef_search": "100",
    });
  });

  it("re-ranks exactly, with the same filters, when the HNSW scan came back short (starved by filters)", async () => {
    const { sql, statements } = recordingSql([3, 20]);
    const page = await createCampaignRepository(sql).nearest(
      [1, 0],
      "m",
      "full_campaign_text",
      [{ channel: "Email", sentiment: "Urgent" }],
      20,
    );
    expect(page.total).toBe(20);
    expect(statements).toHaveLength(2);
    const [indexed, exact] = statements;
    expect(orderByOf(exact?.text ?? "")).toBe("(full_campaign_text_embedding <=> $2::vector) + 0");
    expect(whereOf(exact?.text ?? "")).toBe(whereOf(indexed?.text ?? ""));
    expect(whereOf(exact?.text ?? "")).toContain("channel");
    expect(exact?.params).toEqual(indexed?.params);
  });

  it("narrows a filter on a facet through the text-and-facets index too, beside the filter's own clauses", async () => {
    const { sql, statements } = recordingSql([20]);
    await createCampaignRepository(sql).nearest(
      [1, 0],
      "m",
      "campaign_text",
      [{ channel: "Email", sentiment: ["Urgent", "Playful"], value_prop: ["Premium"] }],
      20,
    );
    const where = whereOf(statements[0]?.text ?? "") ?? "";
    expect(where).toContain(
      "(search_text || campaign_facets(channel, company, imagery_sentiment, imagery_visual_style)) @@ (campaign_facet_query('channel', $",
    );
    expect(where).toContain("campaign_facet_query('sentiment', $");
    // The row filters still decide (the facet lexemes are cut at 200 characters).
    expect(where).toContain("lower(channel) = ANY");
    expect(statements[0]?.params).toContain(JSON.stringify(["Urgent", "Playful"]));
  });

  it("adds no facet clause when no filter is a facet", async () => {
    const { sql, statements } = recordingSql([20]);
    await createCampaignRepository(sql).nearest(
      [1, 0],
      "m",
      "campaign_text",
      [{ value_prop: ["Premium"] }],
      20,
    );
    expect(whereOf(statements[0]?.text ?? "")).not.toContain("campaign_facets");
  });
});
