import { describe, expect, it } from "vitest";
import { routeMessage } from "../../../functions/chat/campaigns/domain/offline-router";
import type { CampaignVocabulary } from "../../../functions/chat/campaigns/domain/ports/campaign-store";

const vocabulary: CampaignVocabulary = {
  channel: ["Email", "TV", "Direct Mail"],
  sentiment: ["Premium", "Playful"],
  visual_style: ["Minimalist"],
  company: ["Atlas Airways"],
  value_prop: ["Cash Back / Rewards", "Premium", "Travel Benefits"],
};

describe("the offline router", () => {
  it("sends quoted phrases to full_text_search, keeping them as phrases, with the named filters", () => {
    expect(routeMessage('Which Email campaigns say "no annual fee"?', vocabulary)).toEqual({
      tool: "full_text_search",
      args: { query: '"no annual fee"', channel: "Email" },
    });
  });

  it("sends 'mentions X' to full_text_search with the words after the verb", () => {
    expect(routeMessage("show me campaigns that mention airport lounge?", vocabulary)).toEqual({
      tool: "full_text_search",
      args: { query: "airport lounge" },
    });
  });

  it("sends named dimensions to filter_campaigns, value props in the order named, Premium as a value prop", () => {
    expect(routeMessage("What are the offers from recent Cash Back, Premium campaigns?", vocabulary)).toEqual(
      {
        tool: "filter_campaigns",
        args: { value_prop: ["Cash Back / Rewards", "Premium"], date_range: "recent" },
      },
    );
    expect(routeMessage("count TV and direct mail campaigns by month last quarter", vocabulary)).toEqual({
      tool: "filter_campaigns",
      args: { channel: ["TV", "Direct Mail"], date_range: "last quarter", group_by: "month" },
    });
    expect(routeMessage("Atlas Airways campaigns without an offer", vocabulary)).toEqual({
      tool: "filter_campaigns",
      args: { company: "Atlas Airways", has_offer: false },
    });
  });

  it("sends anything else to semantic_search with the message as the query", () => {
    expect(routeMessage("campaigns about families saving for a holiday", vocabulary)).toEqual({
      tool: "semantic_search",
      args: { query: "campaigns about families saving for a holiday" },
    });
  });

  it("does not take a word inside another word for a dimension", () => {
    expect(routeMessage("televisions and premiums", vocabulary).tool).toBe("semantic_search");
  });
});
