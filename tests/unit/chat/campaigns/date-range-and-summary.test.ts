import { describe, expect, it } from "vitest";
import type { StoredCampaign } from "../../../../functions/chat/campaigns/domain/campaign";
import { buildToolResult } from "../../../../functions/chat/campaigns/domain/campaign-tool-result";
import { resolveDateRange } from "../../../../functions/chat/campaigns/domain/date-range";

const NOW = new Date("2026-05-10T09:00:00Z");

describe("relative date ranges resolved against the clock", () => {
  it.each([
    ["recent", { from: "2026-02-09", to: "2026-05-10" }],
    ["last quarter", { from: "2026-01-01", to: "2026-03-31" }],
    ["this year", { from: "2026-01-01", to: "2026-05-10" }],
    ["last year", { from: "2025-01-01", to: "2025-12-31" }],
    ["this month", { from: "2026-05-01", to: "2026-05-10" }],
  ] as const)("%s", (range, expected) => {
    expect(resolveDateRange(range, NOW, 90)).toEqual(expected);
  });

  it("takes the last quarter of the previous year in January", () => {
    expect(resolveDateRange("last quarter", new Date("2026-01-15T00:00:00Z"), 90)).toEqual({
      from: "2025-10-01",
      to: "2025-12-31",
    });
  });

  it("passes explicit bounds through", () => {
    expect(resolveDateRange({ from: "2025-03-01" }, NOW, 90)).toEqual({ from: "2025-03-01" });
  });
});

const campaign = (n: number, offer = `Offer ${n}`): StoredCampaign => ({
  id: `c${n}`,
  company: `Company ${n}`,
  brand: "",
  channel: "Email",
  offer,
  key_value_props: ["Cash Back / Rewards"],
  imagery_sentiment: "Premium",
  imagery_visual_style: "Minimalist",
  capture_date: "2026-01-01",
  campaign_text: "x".repeat(500),
  full_campaign_text: "",
  language: "english",
  updated_at: "2026-01-01T00:00:00.000Z",
});

describe("the tool result", () => {
  it("lists the first 20 campaigns in three lines each, with offers, and keeps every campaign", () => {
    const campaigns = Array.from({ length: 25 }, (_, i) => campaign(i + 1, i === 0 ? "" : undefined));
    const result = buildToolResult(campaigns, 40);
    const lines = result.summary_for_llm.split("\n");
    expect(lines[0]).toBe("40 campaigns matched; the first 20 are listed.");
    expect(lines).toHaveLength(1 + 20 * 3);
    expect(lines[2]).toContain("Offer: none");
    expect(lines[5]).toContain("Offer: Offer 2 | Value props: Cash Back / Rewards | Sentiment: Premium");
    expect(lines[3]?.length).toBeLessThan(200);
    expect(result.campaigns).toHaveLength(25);
    expect(result.count).toBe(40);
  });

  it("says 'At least' before a count that is a lower bound", () => {
    const campaigns = Array.from({ length: 25 }, (_, i) => campaign(i + 1));
    const result = buildToolResult(campaigns, 2000, undefined, { countIsLowerBound: true });
    expect(result.summary_for_llm.split("\n")[0]).toBe(
      "At least 2000 campaigns matched; the first 20 are listed.",
    );
    expect(result.count).toBe(2000);
  });
});
