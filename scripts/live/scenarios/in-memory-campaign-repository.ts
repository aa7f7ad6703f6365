import { demoCampaigns } from "../../../dev/demo/demo-campaigns";
import {
  CampaignSchema,
  type GroupBy,
  listOf,
  type StoredCampaign,
} from "../../../functions/chat/campaigns/domain/campaign";
import type {
  CampaignRepository,
  ResolvedFilters,
} from "../../../functions/chat/campaigns/domain/ports/campaign-repository";

const lower = (value: string) => value.trim().toLowerCase();
const anyOf = (wanted: string | string[] | undefined, value: string) =>
  wanted === undefined || listOf(wanted).some((w) => lower(w) === lower(value));

const matches = (campaign: StoredCampaign, filters: ResolvedFilters): boolean => {
  const props = campaign.key_value_props.map(lower);
  return (
    anyOf(filters.channel, campaign.channel) &&
    anyOf(filters.sentiment, campaign.imagery_sentiment) &&
    anyOf(filters.visual_style, campaign.imagery_visual_style) &&
    anyOf(filters.company, campaign.company) &&
    listOf(filters.value_prop).every((v) => props.includes(lower(v))) &&
    (filters.date_range?.from === undefined || campaign.capture_date >= filters.date_range.from) &&
    (filters.date_range?.to === undefined || campaign.capture_date <= filters.date_range.to) &&
    (filters.has_offer === undefined || filters.has_offer === campaign.offer.trim().length > 0)
  );
};

/**
 * The campaign store port over the demo campaigns (dev/demo/demo-campaigns.ts) in memory, so the live
 * check of the campaign chat needs a model and nothing else. Text search is a plain word match and the
 * "nearest" campaigns are the filtered ones newest first: the check is about which tool the model picks.
 */
export const createInMemoryCampaignRepository = (today: Date): CampaignRepository => {
  const campaigns: StoredCampaign[] = demoCampaigns(today)
    .map((input) => ({ ...CampaignSchema.parse(input), updated_at: today.toISOString() }))
    .sort((a, b) => b.capture_date.localeCompare(a.capture_date));
  const select = (sets: readonly ResolvedFilters[]) =>
    campaigns.filter((c) => sets.every((f) => matches(c, f)));
  const page = (found: StoredCampaign[], limit: number, offset = 0) => ({
    total: found.length,
    campaigns: found.slice(offset, offset + limit),
  });
  const distinct = (values: string[]) => [...new Set(values.filter(Boolean))].sort();
  const bucketValues = (c: StoredCampaign, groupBy: GroupBy): string[] => {
    switch (groupBy) {
      case "value_prop":
        return c.key_value_props;
      case "sentiment":
        return [c.imagery_sentiment];
      case "visual_style":
        return [c.imagery_visual_style];
      case "month":
        return [c.capture_date.slice(0, 7)];
      default:
        return [c[groupBy]];
    }
  };
  return {
    textsOf: async () => new Map(),
    vocabulary: async () => ({
      channel: distinct(campaigns.map((c) => c.channel)),
      sentiment: distinct(campaigns.map((c) => c.imagery_sentiment)),
      visual_style: distinct(campaigns.map((c) => c.imagery_visual_style)),
      company: distinct(campaigns.map((c) => c.company)),
      value_prop: distinct(campaigns.flatMap((c) => c.key_value_props)),
    }),
    upsert: async () => undefined,
    get: async (id) => campaigns.find((c) => c.id === id),
    remove: async () => false,
    filter: async (sets, limit, offset) => page(select(sets), limit, offset),
    aggregate: async (sets, groupBy) => {
      const counts = new Map<string, number>();
      for (const c of select(sets))
        for (const value of bucketValues(c, groupBy)) counts.set(value, (counts.get(value) ?? 0) + 1);
      const buckets = [...counts]
        .map(([value, count]) => ({ value, count }))
        .sort((a, b) => b.count - a.count);
      return { group_by: groupBy, buckets };
    },
    fullText: async (query, sets, limit) => {
      const words = query
        .toLowerCase()
        .replace(/["()-]/g, " ")
        .split(/\s+/)
        .filter((w) => w.length > 2 && w !== "or");
      const found = select(sets).filter((c) => {
        const text = `${c.campaign_text} ${c.full_campaign_text}`.toLowerCase();
        return words.every((w) => text.includes(w));
      });
      return page(found, limit);
    },
    nearest: async (_vector, _model, _field, sets, limit) => page(select(sets), limit),
  };
};
