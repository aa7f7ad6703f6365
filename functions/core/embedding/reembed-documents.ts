import type { SqlPort } from "../sql/sql-port";
import { sqlVector } from "../sql/sql-port";
import type { EmbeddingPort } from "./embedding-port";

export interface ReembedReport {
  model: string;
  documents: number;
  batches: number;
}

/** The text a document's vector is made from: its title, then its body. */
export const embeddingText = (title: string, body: string): string =>
  [title.trim(), body.trim()].filter((part) => part !== "").join("\n");

/**
 * Gives every search document a vector from the configured model: those without one, and those made by
 * another model (vectors of two models are not comparable). An operator's command over all tenants, so
 * it takes the port itself, not a tenant's view; each write still names the row's tenant. Resumable: a
 * stopped run leaves finished batches done, and the next run picks up the rest.
 */
export const reembedDocuments = async (
  sql: SqlPort,
  embedding: EmbeddingPort,
  options: {
    batchSize?: number;
    onBatch?: (done: number) => void /** One tenant only. */;
    tenant?: string;
  } = {},
): Promise<ReembedReport> => {
  const batchSize = options.batchSize ?? 64;
  const report: ReembedReport = { model: embedding.model, documents: 0, batches: 0 };
  for (;;) {
    const pending = await sql.query<{
      tenant: string;
      collection: string;
      id: string;
      title: string;
      body: string;
    }>(
      `SELECT tenant, collection, id, title, body FROM search_documents
        WHERE embedding_model IS DISTINCT FROM $1 AND (title <> '' OR body <> '')
          AND ($3::text IS NULL OR tenant = $3)
        ORDER BY tenant, collection, id LIMIT $2`,
      [embedding.model, batchSize, options.tenant ?? null],
    );
    if (pending.rows.length === 0) return report;
    const { vectors } = await embedding.embed(
      pending.rows.map((row) => embeddingText(row.title, row.body)),
      { purpose: "document" },
    );
    await sql.transaction(async (tx) => {
      for (const [index, row] of pending.rows.entries()) {
        await tx.query(
          `UPDATE search_documents SET embedding = $4::vector, embedding_model = $5, updated_at = now()
            WHERE tenant = $1 AND collection = $2 AND id = $3`,
          [row.tenant, row.collection, row.id, sqlVector(vectors[index] as number[]), embedding.model],
        );
      }
    });
    report.documents += pending.rows.length;
    report.batches += 1;
    options.onBatch?.(report.documents);
  }
};
