import { NotFoundError } from "../../../../core/errors";
import type { StoredCampaign } from "../campaign";
import type { CampaignRepository } from "../ports/campaign-repository";

/** `GET /campaigns/{id}`: one campaign, or not found. */
export const getCampaign = async (
  deps: { campaigns: CampaignRepository },
  id: string,
): Promise<StoredCampaign> => {
  const campaign = await deps.campaigns.get(id);
  if (!campaign) throw new NotFoundError(`No campaign ${id}`);
  return campaign;
};
