import { describe, expect, it } from "vitest";
import {
  DEMO_CAMPAIGNS_CACHED_DAY,
  daysBetweenUtcDates,
  demoCampaigns,
} from "../../../../dev/demo/demo-campaigns";

/** `iso` (YYYY-MM-DD) `days` later, by the calendar. */
const plusDays = (iso: string, days: number): string =>
  new Date(Date.parse(`${iso}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);

// The cached demo database holds demoCampaigns(DEMO_CAMPAIGNS_CACHED_DAY), and a start moves each
// capture_date by daysBetweenUtcDates(DEMO_CAMPAIGNS_CACHED_DAY, today) (dev/demo/shift-demo-campaigns.ts).
describe("the demo campaigns of another day", () => {
  const days = [
    new Date("2026-12-02T00:00:00.000Z"),
    new Date("2026-12-02T23:59:59.999Z"),
    new Date("2027-03-28T01:30:00.000Z"),
    new Date("2028-02-29T12:00:00.000Z"),
    new Date("2025-06-30T18:00:00.000Z"),
    DEMO_CAMPAIGNS_CACHED_DAY,
  ];

  it.each(days)("are the cached day's with every capture_date moved by the days between them (%s)", (day) => {
    const moved = daysBetweenUtcDates(DEMO_CAMPAIGNS_CACHED_DAY, day);
    const cached = demoCampaigns(DEMO_CAMPAIGNS_CACHED_DAY).map((campaign) => ({
      ...campaign,
      capture_date: plusDays(campaign.capture_date, moved),
    }));
    expect(demoCampaigns(day)).toEqual(cached);
  });

  it("counts whole UTC days, whatever the time of either", () => {
    const morning = new Date("2026-12-02T00:00:01.000Z");
    expect(daysBetweenUtcDates(morning, new Date("2026-12-02T23:59:59.000Z"))).toBe(0);
    expect(daysBetweenUtcDates(morning, new Date("2026-12-03T00:00:00.000Z"))).toBe(1);
    expect(daysBetweenUtcDates(new Date("2026-12-03T23:00:00.000Z"), morning)).toBe(-1);
  });
});
