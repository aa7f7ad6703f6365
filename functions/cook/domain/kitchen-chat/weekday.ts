/** Weekdays as the kitchen chat names them: 0 is Sunday, as `Date#getUTCDay` counts. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

export const WEEKDAY_NAMES_PT = [
  "domingo",
  "segunda",
  "terça",
  "quarta",
  "quinta",
  "sexta",
  "sábado",
] as const;

/** The weekday of a plan date (YYYY-MM-DD); computed in UTC so the server's time zone cannot shift it. */
export const weekdayOfDate = (date: string): Weekday => new Date(`${date}T00:00:00Z`).getUTCDay() as Weekday;

export const weekdayNameOfDate = (date: string): string => WEEKDAY_NAMES[weekdayOfDate(date)];
