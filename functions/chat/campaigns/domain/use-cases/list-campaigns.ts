import type { CampaignFilters, DateRange } from "../campaign";
import { resolveDateRange } from "../date-range";
import type { CampaignPage, CampaignRepository } from "../ports/campaign-repository";

export interface ListCampaignsRequest {
  /** The filters of filter_campaigns, without dates. */
  filters: Omit<CampaignFilters, "date_range">;
  /** A relative range resolved against the clock, or explicit bounds. */
  dateRange?: DateRange;
  limit: number;
  offset: number;
}

export type ListCampaignsPage = CampaignPage & { next_offset?: number };

/** `GET /campaigns`: one page of the filtered campaigns, newest first, and where the next page starts. */
export const listCampaigns = async (
  deps: { campaigns: CampaignRepository; now: () => Date; recentDays: number },
  request: ListCampaignsRequest,
): Promise<ListCampaignsPage> => {
  const date_range = resolveDateRange(request.dateRange ?? {}, deps.now(), deps.recentDays);
  const page = await deps.campaigns.filter(
    [{ ...request.filters, date_range }],
    request.limit,
    request.offset,
  );
  const next = request.offset + page.campaigns.length;
  return { ...page, ...(next < page.total ? { next_offset: next } : {}) };
};
