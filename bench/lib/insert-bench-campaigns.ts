import { ParamList } from "../../functions/chat/campaigns/adapters/sql-campaign-repository";
import type { EmbeddingPort } from "../../functions/core/embedding/embedding-port";
import type { SqlPort } from "../../functions/core/sql/sql-port";
import { sqlVector } from "../../functions/core/sql/sql-port";

export interface BenchCampaignRow {
  id: string;
  channel: string;
  sentiment: string;
  text: string;
}

/**
 * One multi-row INSERT of these campaigns (a bench's batch of 500) for `tenant`, their text embedded as a
 * document, as `POST /campaigns` embeds it; the rest of each campaign is the same made-up bank and day.
 */
export const insertBenchCampaigns = async (
  sql: SqlPort,
  embedding: EmbeddingPort,
  tenant: string,
  rows: readonly BenchCampaignRow[],
): Promise<void> => {
  const embedded = await embedding.embed(
    rows.map((row) => row.text),
    { purpose: "document" },
  );
  const params = new ParamList();
  const values = rows.map(
    (row, k) =>
      `($1, ${params.add(row.id)}, 'Bench Bank', ${params.add(row.channel)}, ${params.add(row.sentiment)}, DATE '2026-06-01', ${params.add(row.text)}, ${params.add(sqlVector(embedded.vectors[k] ?? []))}::vector, ${params.add(embedded.model)})`,
  );
  await sql.query(
    `INSERT INTO campaigns (tenant, id, company, channel, imagery_sentiment, capture_date, campaign_text, campaign_text_embedding, embedding_model) VALUES ${values.join(", ")}`,
    [tenant, ...params.values],
  );
};
