import { z } from "zod";
import { postgresDate, postgresText } from "../../../core/sql/sql-input";

/** Seed 002's campaign, verbatim field names, plus its language (the text search configuration). */
export const CAMPAIGN_LANGUAGES = ["english", "portuguese", "russian", "simple"] as const;

const IsoDate = postgresDate();

export const CampaignSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9._:-]+$/, "letters, digits, '.', '_', ':' and '-' only"),
  company: postgresText().trim().min(1).max(200),
  brand: postgresText().max(200).default(""),
  channel: postgresText().trim().min(1).max(100),
  offer: postgresText().max(1000).default(""),
  key_value_props: z.array(postgresText().trim().min(1).max(200)).max(30).default([]),
  imagery_sentiment: postgresText().max(100).default(""),
  imagery_visual_style: postgresText().max(100).default(""),
  capture_date: IsoDate,
  campaign_text: postgresText().max(20_000).default(""),
  full_campaign_text: postgresText().max(100_000).default(""),
  language: z.enum(CAMPAIGN_LANGUAGES).default("english"),
});

export type CampaignInput = z.input<typeof CampaignSchema>;
export type Campaign = z.output<typeof CampaignSchema>;

/** One value or a list of them (seed 002: "single or list values"). */
const OneOrMany = z.union([
  postgresText().min(1).max(200),
  z.array(postgresText().min(1).max(200)).min(1).max(30),
]);

export const RELATIVE_DATE_RANGES = [
  "recent",
  "last quarter",
  "this year",
  "last year",
  "this month",
] as const;

export const DateRangeSchema = z.union([
  z.object({ from: IsoDate.optional(), to: IsoDate.optional() }).strict(),
  z.enum(RELATIVE_DATE_RANGES),
]);
export type DateRange = z.output<typeof DateRangeSchema>;

/** The filter dimensions shared by the three tools, `activeFilters` and `GET /campaigns`. */
export const CampaignFiltersSchema = z.object({
  channel: OneOrMany.optional().describe("Channel(s); a list matches any of them"),
  value_prop: OneOrMany.optional().describe("Key value prop(s); a list matches campaigns having every one"),
  sentiment: OneOrMany.optional().describe("Imagery sentiment(s); a list matches any of them"),
  visual_style: OneOrMany.optional().describe("Imagery visual style(s); a list matches any of them"),
  company: OneOrMany.optional().describe("Company or companies; a list matches any of them"),
  date_range: DateRangeSchema.optional().describe(
    'Capture dates: {from?, to?} ISO dates inclusive, or "recent", "last quarter", "this year", "last year", "this month"',
  ),
  has_offer: z.boolean().optional().describe("true: only campaigns with an offer; false: only without"),
});
export type CampaignFilters = z.output<typeof CampaignFiltersSchema>;

export const GROUP_BY_DIMENSIONS = [
  "channel",
  "company",
  "value_prop",
  "sentiment",
  "visual_style",
  "month",
] as const;
export type GroupBy = (typeof GROUP_BY_DIMENSIONS)[number];

export interface AggregationBucket {
  value: string;
  count: number;
}
export interface Aggregation {
  group_by: GroupBy;
  buckets: AggregationBucket[];
}

/** A stored campaign as the API and the tools return it (embeddings stay in the database). */
export type StoredCampaign = Campaign & {
  updated_at: string;
  /** A full-text search's matching passage (the query's words marked «so»), for the model's summary. */
  matched_passage?: string;
};

export const listOf = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
