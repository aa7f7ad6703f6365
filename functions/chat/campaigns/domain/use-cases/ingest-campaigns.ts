import type { EmbeddingPort } from "../../../../core/embedding/embedding-port";
import type { FieldIssue } from "../../../../core/errors";
import { toFieldIssues } from "../../../../core/validation";
import { type Campaign, CampaignSchema } from "../campaign";
import type { CampaignRepository, CampaignWrite } from "../ports/campaign-repository";

/** `POST /campaigns` takes at most this many campaigns a call. */
export const MAX_CAMPAIGNS_PER_INGEST = 500;

export type IngestItemResult =
  | { index: number; id: string; status: "created" | "updated"; embedded: boolean }
  | { index: number; id?: string; status: "invalid"; issues: FieldIssue[] };

export interface IngestReport {
  created: number;
  updated: number;
  invalid: number;
  results: IngestItemResult[];
}

/** The text embedded for a field; an empty field falls back to the headline facts so it still has a vector. */
const embeddable = (text: string, campaign: Campaign): string =>
  text.trim() || `${campaign.company} ${campaign.brand} ${campaign.offer}`.trim() || campaign.id;

/**
 * Validates each campaign on its own (one bad item loses none of the others), then writes the valid ones in
 * one statement. Idempotent by id: a re-sent campaign updates, and its vectors are recomputed only when its
 * text changed or they were made by another model.
 */
export const ingestCampaigns = async (
  deps: { campaigns: CampaignRepository; embedding: EmbeddingPort },
  items: readonly unknown[],
): Promise<IngestReport> => {
  const results: IngestItemResult[] = [];
  const valid: { index: number; campaign: Campaign }[] = [];
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const parsed = CampaignSchema.safeParse(item);
    const rawId = (item as { id?: unknown } | null)?.id;
    const id = typeof rawId === "string" ? rawId : undefined;
    if (!parsed.success) {
      results.push({ index, ...(id ? { id } : {}), status: "invalid", issues: toFieldIssues(parsed.error) });
    } else if (seen.has(parsed.data.id)) {
      results.push({
        index,
        id: parsed.data.id,
        status: "invalid",
        issues: [{ path: "id", message: "this id appears earlier in the same request" }],
      });
    } else {
      seen.add(parsed.data.id);
      valid.push({ index, campaign: parsed.data });
    }
  });

  const stored = await deps.campaigns.textsOf(valid.map((v) => v.campaign.id));
  const needVectors = valid.filter(({ campaign }) => {
    const before = stored.get(campaign.id);
    return (
      !before ||
      before.embedding_model !== deps.embedding.model ||
      before.campaign_text !== campaign.campaign_text ||
      before.full_campaign_text !== campaign.full_campaign_text
    );
  });
  const texts = needVectors.flatMap(({ campaign }) => [
    embeddable(campaign.campaign_text, campaign),
    embeddable(campaign.full_campaign_text, campaign),
  ]);
  const embedded = texts.length > 0 ? await deps.embedding.embed(texts, { purpose: "document" }) : undefined;
  const vectorsById = new Map<string, CampaignWrite["embeddings"]>();
  needVectors.forEach(({ campaign }, i) => {
    vectorsById.set(campaign.id, {
      campaign_text: embedded?.vectors[2 * i] ?? [],
      full_campaign_text: embedded?.vectors[2 * i + 1] ?? [],
      model: embedded?.model ?? deps.embedding.model,
    });
  });
  await deps.campaigns.upsert(
    valid.map(({ campaign }) => ({ campaign, embeddings: vectorsById.get(campaign.id) ?? null })),
  );
  for (const { index, campaign } of valid) {
    results.push({
      index,
      id: campaign.id,
      status: stored.has(campaign.id) ? "updated" : "created",
      embedded: vectorsById.has(campaign.id),
    });
  }
  results.sort((a, b) => a.index - b.index);
  const count = (status: IngestItemResult["status"]) => results.filter((r) => r.status === status).length;
  return { created: count("created"), updated: count("updated"), invalid: count("invalid"), results };
};
