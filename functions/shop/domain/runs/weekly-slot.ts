import { WEEKDAYS, type Weekday } from "../household-preferences";

/** An hour of the week, in UTC: when a household's weekly run is due. */
export interface WeeklySlot {
  weekday: Weekday;
  hour: number;
}

/** The slot a UTC instant falls in (`Date.getUTCDay` counts from Sunday). */
export const slotAt = (instant: Date): WeeklySlot => ({
  weekday: WEEKDAYS[(instant.getUTCDay() + 6) % 7] as Weekday,
  hour: instant.getUTCHours(),
});

export const sameSlot = (a: WeeklySlot | undefined, b: WeeklySlot | undefined): boolean =>
  a?.weekday === b?.weekday && a?.hour === b?.hour;

/** The ISO-8601 week of a UTC instant (`2026-W48`): weeks start on Monday, week 1 holds the first Thursday. */
export const isoWeekOf = (instant: Date): string => {
  // The week's Thursday decides its year; the week number counts Thursdays from that year's first.
  const thursday = new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
  thursday.setUTCDate(thursday.getUTCDate() + 3 - ((thursday.getUTCDay() + 6) % 7));
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000));
  return `${year}-W${String(week).padStart(2, "0")}`;
};

/** The Idempotency-Key of a tenant's weekly run: one run per tenant and ISO week, however often the tick fires. */
export const weeklyRunIdempotencyKey = (instant: Date): string => `weekly-${isoWeekOf(instant)}`;
