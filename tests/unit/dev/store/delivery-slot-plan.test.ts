import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../../../dev/store/catalog";
import { planDeliverySlots } from "../../../../dev/store/delivery-slot-plan";

const schedule = loadCatalog().deliverySchedule;
// Tuesday 13 January 2026, 10:15 in Lisbon (winter: UTC+0).
const TUESDAY_MORNING = new Date("2026-01-13T10:15:00Z");

describe("planDeliverySlots", () => {
  it("offers seven days from today, in Lisbon dates", () => {
    const days = planDeliverySlots(schedule, TUESDAY_MORNING, false);
    expect(days.map((d) => d.date)).toEqual([
      "2026-01-13",
      "2026-01-14",
      "2026-01-15",
      "2026-01-16",
      "2026-01-17",
      "2026-01-18",
      "2026-01-19",
    ]);
    expect(days[0]).toMatchObject({ weekday: "ter", dayMonth: "13 jan" });
  });

  it("starts today with an express slot in the next full hour", () => {
    const [today] = planDeliverySlots(schedule, TUESDAY_MORNING, false);
    expect(today?.slots[0]).toMatchObject({ express: true, time: "11:00 - 13:00", priceCents: 799 });
  });

  it("closes today's slots that start within the cut-off, not later ones", () => {
    const [today] = planDeliverySlots(schedule, TUESDAY_MORNING, false);
    const afterCutoff = today?.slots.filter((s) => s.afterCutoff).map((s) => s.time);
    expect(afterCutoff).toEqual(["09:00 - 11:00", "11:00 - 13:00", "12:30 - 14:30"]);
  });

  it("makes the data's free windows free on their weekdays, and every fifth slot full", () => {
    const days = planDeliverySlots(schedule, TUESDAY_MORNING, false);
    const tuesdayAfternoon = days[0]?.slots.find((s) => s.time === "14:30 - 16:30");
    expect(tuesdayAfternoon).toMatchObject({ isFree: true, priceCents: 0 });
    const fridayAfternoon = days[3]?.slots.find((s) => s.time === "14:30 - 16:30");
    expect(fridayAfternoon).toMatchObject({ isFree: false, priceCents: 399 });
    const regular = days.flatMap((d) => d.slots.filter((s) => !s.express));
    const fullPositions = regular.flatMap((s, position) => (s.hasSlotsToBook ? [] : [position + 1]));
    expect(fullPositions).toEqual([4, 9, 14, 19, 24, 29, 34, 39, 44, 49]);
  });

  it("warns on the first days only when the cart has unavailable products", () => {
    expect(planDeliverySlots(schedule, TUESDAY_MORNING, true).map((d) => Boolean(d.warning))).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(planDeliverySlots(schedule, TUESDAY_MORNING, false).some((d) => d.warning)).toBe(false);
  });

  it("starts the express slot no earlier than the drivers' first hour when asked before dawn", () => {
    const [today] = planDeliverySlots(schedule, new Date("2026-01-13T04:25:00Z"), false);
    expect(today?.slots.find((s) => s.express)?.time).toBe("09:00 - 11:00");
  });

  it("offers no express slot late in the evening", () => {
    const [today] = planDeliverySlots(schedule, new Date("2026-01-13T21:30:00Z"), false);
    expect(today?.slots.some((s) => s.express)).toBe(false);
  });
});
