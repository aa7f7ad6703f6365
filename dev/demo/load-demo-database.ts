import { loadCatalogDemo } from "./catalog-demo";
import { type CampaignDemoLoaded, loadCampaignDemo } from "./load-campaign-demo";

export interface DemoDatabaseLoaded {
  catalog: { categories: number; products: number };
  campaigns: CampaignDemoLoaded;
}

/**
 * What the demo database holds, loaded through the running API as a client would: the demo catalog, then
 * the demo campaigns dated from `day` (the cached demo database's fixed day when it is to be saved).
 */
export const loadDemoDatabase = async (apiUrl: string, day: Date): Promise<DemoDatabaseLoaded> => {
  const catalog = await loadCatalogDemo(apiUrl);
  const campaigns = await loadCampaignDemo(apiUrl, day);
  return { catalog, campaigns };
};
