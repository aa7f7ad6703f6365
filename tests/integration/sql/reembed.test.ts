import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createEmbedding } from "../../../functions/core/embedding/create-embedding";
import { readEmbeddingConfig } from "../../../functions/core/embedding/embedding-config";
import { embeddingText, reembedDocuments } from "../../../functions/core/embedding/reembed-documents";
import { createPostgresWireSql } from "../../../functions/core/sql/postgres-wire-adapter";
import { createSearchIndex } from "../../../functions/core/sql/search-index";
import type { SqlPort } from "../../../functions/core/sql/sql-port";
import { forTenant } from "../../../functions/core/sql/tenant-sql";

let sql: SqlPort;
beforeAll(() => {
  sql = createPostgresWireSql({ url: inject("databaseUrl"), sharedSession: true });
});
afterAll(async () => {
  await sql?.close();
});

describe("semantic search with the local embedding, and re-embedding after a model change", () => {
  it("embeds documents without a vector or with another model's, then finds them by meaning", async () => {
    const tenant = `t-${randomUUID()}`;
    const index = createSearchIndex(forTenant(sql, tenant));
    const local = createEmbedding(readEmbeddingConfig({}), { logger: null });
    const [old] = (await local.embed(["placeholder"], { purpose: "document" })).vectors;
    await index.upsert([
      {
        collection: "campaigns",
        id: "fee",
        language: "english",
        title: "No annual fee",
        body: "Zero fees, forever",
      },
      {
        collection: "campaigns",
        id: "travel",
        language: "english",
        title: "Travel rewards",
        body: "Airport lounge access and miles",
      },
      {
        collection: "campaigns",
        id: "old-model",
        language: "english",
        title: "Cash back",
        body: "Cash back on groceries",
        embedding: { vector: old as number[], model: "retired-model" },
      },
    ]);

    const report = await reembedDocuments(sql, local, { batchSize: 2, tenant });
    expect(report).toEqual({ model: local.model, documents: 3, batches: 2 });
    const rows = await sql.query<{ id: string; embedding_model: string }>(
      "SELECT id, embedding_model FROM search_documents WHERE tenant = $1 ORDER BY id",
      [tenant],
    );
    expect(rows.rows.map((r) => r.embedding_model)).toEqual([local.model, local.model, local.model]);
    expect((await reembedDocuments(sql, local, { tenant })).documents).toBe(0);

    const [query] = (await local.embed(["lounge access when travelling"], { purpose: "query" })).vectors;
    const hits = await index.nearest({
      collection: "campaigns",
      vector: query as number[],
      model: local.model,
      limit: 1,
    });
    expect(hits.map((h) => h.id)).toEqual(["travel"]);
    expect(embeddingText("Title", " body ")).toBe("Title\nbody");
  });
});
