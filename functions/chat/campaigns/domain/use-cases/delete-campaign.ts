import { NotFoundError } from "../../../../core/errors";
import type { CampaignRepository } from "../ports/campaign-repository";

/** `DELETE /campaigns/{id}`: removes one campaign; a campaign that was not there is not found. */
export const deleteCampaign = async (deps: { campaigns: CampaignRepository }, id: string): Promise<void> => {
  if (!(await deps.campaigns.remove(id))) throw new NotFoundError(`No campaign ${id}`);
};
