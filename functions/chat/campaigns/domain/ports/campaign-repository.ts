import type { Aggregation, Campaign, CampaignFilters, GroupBy, StoredCampaign } from "../campaign";
import type { ResolvedDateRange } from "../date-range";

/** Filters with their date range already resolved against the clock. */
export type ResolvedFilters = Omit<CampaignFilters, "date_range"> & { date_range?: ResolvedDateRange };

export type EmbeddingField = "campaign_text" | "full_campaign_text";

/** A campaign to write, with fresh vectors when its text changed (`null`: keep the stored ones). */
export interface CampaignWrite {
  campaign: Campaign;
  embeddings: { campaign_text: number[]; full_campaign_text: number[]; model: string } | null;
}

export interface CampaignVocabulary {
  channel: string[];
  sentiment: string[];
  visual_style: string[];
  company: string[];
  value_prop: string[];
}

export interface CampaignPage {
  /** How many campaigns match in all (not only this page). */
  total: number;
  /** `total` is a lower bound: a full-text search counts its matches up to a bound. */
  totalIsLowerBound?: boolean;
  campaigns: StoredCampaign[];
}

/** What a stored campaign's texts were embedded from, to tell which texts changed. */
export interface StoredCampaignTexts {
  campaign_text: string;
  full_campaign_text: string;
  embedding_model: string | null;
}

/**
 * Port: one tenant's campaigns (the SQL adapter is adapters/sql-campaign-repository.ts). Every list of filter
 * sets is AND-ed: a request's activeFilters and the model's arguments must all hold.
 */
export interface CampaignRepository {
  /** The stored texts and embedding model of these ids (ids not stored are absent). */
  textsOf(ids: readonly string[]): Promise<Map<string, StoredCampaignTexts>>;
  /**
   * The distinct values of each dimension, most frequent first: what the offline router recognises in a
   * message and what the agent's tools list as allowed values.
   */
  vocabulary(): Promise<CampaignVocabulary>;
  /** Inserts or updates campaigns, all at once. */
  upsert(writes: readonly CampaignWrite[]): Promise<void>;
  get(id: string): Promise<StoredCampaign | undefined>;
  /** False when there was no such campaign. */
  remove(id: string): Promise<boolean>;
  /** The filtered set, newest first, with the total count. */
  filter(filterSets: readonly ResolvedFilters[], limit: number, offset?: number): Promise<CampaignPage>;
  /** Counts of the filtered set by one dimension (value props count each member), most first. */
  aggregate(filterSets: readonly ResolvedFilters[], groupBy: GroupBy): Promise<Aggregation>;
  /** websearch syntax ("a phrase", -word, or) over both text fields, best ranked first. */
  fullText(query: string, filterSets: readonly ResolvedFilters[], limit: number): Promise<CampaignPage>;
  /** Nearest neighbours of a vector by cosine distance among campaigns embedded by `model`. */
  nearest(
    vector: readonly number[],
    model: string,
    field: EmbeddingField,
    filterSets: readonly ResolvedFilters[],
    limit: number,
  ): Promise<CampaignPage>;
}
