import { MAX_CAMPAIGNS_PER_INGEST } from "../../functions/chat/campaigns/domain/use-cases/ingest-campaigns";
import { demoCampaigns } from "./demo-campaigns";
import { DEMO_TENANT } from "./demo-tenant";

export interface CampaignDemoLoaded {
  tenant: string;
  created: number;
  updated: number;
}

/**
 * Loads the demo campaigns (dev/demo/demo-campaigns.ts, dated back from `today`) through the running API, as
 * a client would: POST /campaigns in batches of at most 500. Idempotent: a second start updates them, and
 * only campaigns whose text changed are re-embedded.
 */
export const loadCampaignDemo = async (apiUrl: string, today = new Date()): Promise<CampaignDemoLoaded> => {
  const campaigns = demoCampaigns(today);
  let created = 0;
  let updated = 0;
  for (let start = 0; start < campaigns.length; start += MAX_CAMPAIGNS_PER_INGEST) {
    const response = await fetch(`${apiUrl}/campaigns`, {
      method: "POST",
      headers: { authorization: `Bearer dev:${DEMO_TENANT}`, "content-type": "application/json" },
      body: JSON.stringify({ campaigns: campaigns.slice(start, start + MAX_CAMPAIGNS_PER_INGEST) }),
    });
    if (response.status !== 200) {
      throw new Error(`Demo data: POST /campaigns answered ${response.status}: ${await response.text()}`);
    }
    const report = (await response.json()) as { created: number; updated: number; invalid: number };
    if (report.invalid > 0) throw new Error(`Demo data: ${report.invalid} demo campaigns were refused`);
    created += report.created;
    updated += report.updated;
  }
  return { tenant: DEMO_TENANT, created, updated };
};
