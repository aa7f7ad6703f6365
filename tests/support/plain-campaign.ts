import type { Campaign } from "../../functions/chat/campaigns/domain/campaign";

/** A campaign with only the fields a test names; the rest empty (no offer, props or imagery), Acme by email. */
export const plainCampaign = (
  fields: Pick<Campaign, "id" | "campaign_text"> & Partial<Campaign>,
): Campaign => ({
  company: "Acme",
  brand: "",
  channel: "Email",
  offer: "",
  key_value_props: [],
  imagery_sentiment: "",
  imagery_visual_style: "",
  capture_date: "2026-06-01",
  full_campaign_text: "",
  language: "english",
  ...fields,
});
