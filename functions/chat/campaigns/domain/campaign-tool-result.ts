import type { Aggregation, StoredCampaign } from "./campaign";

/** Seed 002's one tool result shape; `aggregation` when filter_campaigns grouped. */
export interface CampaignToolResult {
  count: number;
  summary_for_llm: string;
  campaigns: StoredCampaign[];
  aggregation?: Aggregation;
}

/** The summary lists this many campaigns, two or three lines each (seed 002's cap). */
export const SUMMARY_MAX_CAMPAIGNS = 20;
const SNIPPET_CHARS = 160;

const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim();

const snippet = (campaign: StoredCampaign): string => {
  const text = oneLine(campaign.campaign_text || campaign.full_campaign_text);
  const shown = text.length > SNIPPET_CHARS ? `${text.slice(0, SNIPPET_CHARS - 1)}…` : text;
  // A full-text hit also shows the passage that matched (words marked «so»), unless the snippet already
  // holds it, so "which campaigns mention X" is answered from the matching words.
  const passage = oneLine(campaign.matched_passage ?? "");
  return passage && !shown.includes(passage.replace(/[«»]/g, "")) ? `${shown} | Matched: ${passage}` : shown;
};

const describe = (campaign: StoredCampaign, index: number): string =>
  [
    `Campaign ${index + 1}: ${campaign.company}${campaign.brand ? ` (${campaign.brand})` : ""} | Channel: ${campaign.channel} | Date: ${campaign.capture_date} | id: ${campaign.id}`,
    `  Offer: ${campaign.offer.trim() ? oneLine(campaign.offer) : "none"} | Value props: ${campaign.key_value_props.join(", ") || "none"} | Sentiment: ${campaign.imagery_sentiment || "n/a"} | Visual style: ${campaign.imagery_visual_style || "n/a"}`,
    `  Text: ${snippet(campaign)}`,
  ].join("\n");

/**
 * Builds the result every tool returns: the count, the text the model reads (the first 20 campaigns, three
 * lines each, with the offers, so "what are the offers?" needs no second call) and the campaigns for cards.
 */
export const buildToolResult = (
  campaigns: StoredCampaign[],
  count: number,
  aggregation?: Aggregation,
  options: { countIsLowerBound?: boolean } = {},
): CampaignToolResult => {
  const shown = campaigns.slice(0, SUMMARY_MAX_CAMPAIGNS);
  const head =
    count === 0
      ? "No campaigns matched."
      : `${options.countIsLowerBound ? "At least " : ""}${count} campaign${count === 1 ? "" : "s"} matched${count > shown.length ? `; the first ${shown.length} are listed` : ""}.`;
  const groups = aggregation
    ? `\nCounts by ${aggregation.group_by}: ${aggregation.buckets.map((b) => `${b.value}: ${b.count}`).join("; ") || "none"}`
    : "";
  const summary = [head + groups, ...shown.map(describe)].join("\n");
  return { count, summary_for_llm: summary, campaigns, ...(aggregation ? { aggregation } : {}) };
};
