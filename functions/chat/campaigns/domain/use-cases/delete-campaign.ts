import { NotFoundError } from "../../../../core/errors";
import type { CampaignStore } from "../ports/campaign-store";

/** `DELETE /campaigns/{id}`: removes one campaign; a campaign that was not there is not found. */
export const deleteCampaign = async (deps: { store: CampaignStore }, id: string): Promise<void> => {
  if (!(await deps.store.remove(id))) throw new NotFoundError(`No campaign ${id}`);
};
