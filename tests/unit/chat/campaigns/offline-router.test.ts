import { describe, expect, it } from "vitest";
import { TOOL_INPUTS } from "../../../../functions/chat/campaigns/domain/campaign-tools";
import { routeMessage } from "../../../../functions/chat/campaigns/domain/offline-router";
import type { CampaignVocabulary } from "../../../../functions/chat/campaigns/domain/ports/campaign-repository";

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
      args: { query: '"no annual fee"', channel: ["Email"] },
    });
  });

  it("sends 'mentions X' to full_text_search with the words after the verb", () => {
    expect(routeMessage("show me campaigns that mention airport lounge?", vocabulary)).toEqual({
      tool: "full_text_search",
      args: { query: "airport lounge" },
    });
  });

  it("reads seed 002's worked example verbatim: Cash Back a value prop, Premium a sentiment", () => {
    // "Premium" is both a value prop and a sentiment in this vocabulary, as in the demo data.
    expect(routeMessage("What are the offers from recent Cash Back, Premium campaigns?", vocabulary)).toEqual(
      {
        tool: "filter_campaigns",
        args: { value_prop: ["Cash Back / Rewards"], sentiment: ["Premium"], date_range: "recent" },
      },
    );
  });

  it("takes a value named only as a value prop as one, in the order named", () => {
    expect(routeMessage("recent Travel Benefits and Cash Back campaigns", vocabulary)).toEqual({
      tool: "filter_campaigns",
      args: { value_prop: ["Travel Benefits", "Cash Back / Rewards"], date_range: "recent" },
    });
  });

  it("sends named dimensions to filter_campaigns", () => {
    expect(routeMessage("count TV and direct mail campaigns by month last quarter", vocabulary)).toEqual({
      tool: "filter_campaigns",
      args: { channel: ["TV", "Direct Mail"], date_range: "last quarter", group_by: "month" },
    });
    expect(routeMessage("Atlas Airways campaigns without an offer", vocabulary)).toEqual({
      tool: "filter_campaigns",
      args: { company: ["Atlas Airways"], has_offer: false },
    });
  });

  it("sends anything else to semantic_search with the message as the query", () => {
    expect(routeMessage("campaigns about families saving for a holiday", vocabulary)).toEqual({
      tool: "semantic_search",
      args: { query: "campaigns about families saving for a holiday" },
    });
  });

  it("routes a message at the request's 4,000-character bound to arguments its tool accepts", () => {
    const long = "campaigns about families saving for a holiday ".repeat(100).slice(0, 4000);
    const semantic = routeMessage(long, vocabulary);
    expect(semantic.tool).toBe("semantic_search");
    expect(TOOL_INPUTS.semantic_search.safeParse(semantic.args).success).toBe(true);
    // Whole words from the start, as many as the query's 1,000 characters hold.
    const query = String(semantic.args.query);
    expect(query.length).toBeGreaterThan(900);
    expect(long.startsWith(query)).toBe(true);
    expect(long[query.length]).toBe(" ");

    const mentions = routeMessage(
      `campaigns that mention ${"airport lounge ".repeat(300)}`.slice(0, 4000),
      vocabulary,
    );
    expect(mentions.tool).toBe("full_text_search");
    expect(TOOL_INPUTS.full_text_search.safeParse(mentions.args).success).toBe(true);

    const quotedMessage = `campaigns that say "${"no annual fee ".repeat(280).trim()}"`;
    expect(quotedMessage.length).toBeLessThanOrEqual(4000);
    const quoted = routeMessage(quotedMessage, vocabulary);
    expect(TOOL_INPUTS.full_text_search.safeParse(quoted.args).success).toBe(true);
    expect(String(quoted.args.query)).toMatch(/^"no annual fee .*"$/);

    const nul = routeMessage("families\u0000holidays", vocabulary);
    expect(TOOL_INPUTS.semantic_search.safeParse(nul.args).success).toBe(true);
  });

  it("does not take a word inside another word for a dimension", () => {
    expect(routeMessage("televisions and premiums", vocabulary).tool).toBe("semantic_search");
  });
});
