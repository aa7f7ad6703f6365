import { NotFoundError } from "../../../../core/errors";
import type { StoredCampaign } from "../campaign";
import type { CampaignStore } from "../ports/campaign-store";

/** `GET /campaigns/{id}`: one campaign, or not found. */
export const getCampaign = async (deps: { store: CampaignStore }, id: string): Promise<StoredCampaign> => {
  const campaign = await deps.store.get(id);
  if (!campaign) throw new NotFoundError(`No campaign ${id}`);
  return campaign;
};
