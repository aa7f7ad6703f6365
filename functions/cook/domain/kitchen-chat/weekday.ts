import { stripAccents } from "../../../core/text/fold-text";

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

/** English abbreviations a model writes for a day ("Fri", "Thurs"), index = `Date#getUTCDay`. */
const WEEKDAY_ABBREVIATIONS: readonly (readonly string[])[] = [
  ["sun"],
  ["mon"],
  ["tue", "tues"],
  ["wed"],
  ["thu", "thur", "thurs"],
  ["fri"],
  ["sat"],
];

/**
 * The weekday a whole value names, as a model may write it in a date field: "Friday", "friday", "Fri",
 * "Sexta-feira", "sábado", "sabado". Undefined for anything else (a sentence, a date, "next Friday").
 */
export const readWeekdayName = (text: string): Weekday | undefined => {
  const key = stripAccents(text)
    .toLowerCase()
    .trim()
    .replace(/\.$/, "")
    .replace(/-?feira$/, "");
  const index = WEEKDAY_NAMES.findIndex(
    (name, day) =>
      key === name.toLowerCase() ||
      key === stripAccents(WEEKDAY_NAMES_PT[day] ?? "") ||
      (WEEKDAY_ABBREVIATIONS[day] ?? []).includes(key),
  );
  return index === -1 ? undefined : (index as Weekday);
};
