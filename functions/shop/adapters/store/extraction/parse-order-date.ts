const LISBON_DATE = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Lisbon",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** `2026-01-02T14:00:30+00:00` (the site's `data-date`) as written, or null when it is no such time. */
export const parseOrderDateTime = (text: string): string | null => {
  const trimmed = text.trim();
  return DATE_TIME.test(trimmed) && !Number.isNaN(Date.parse(trimmed)) ? trimmed : null;
};

/**
 * An order's date as an ISO date: a date-time with offset (`2026-01-02T14:00:30+00:00`, the site's
 * `data-date`) is the day in Lisbon; `2025-12-20` and `20/12/2025` are taken as written.
 */
export const parseOrderDate = (text: string): string | null => {
  const dateTime = parseOrderDateTime(text);
  if (dateTime !== null) return LISBON_DATE.format(new Date(dateTime));
  const iso = text.match(/\b(\d{4})-(\d{2})-(\d{2})\b/);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const portuguese = text.match(/\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/);
  if (!portuguese) return null;
  const [, day = "", month = "", year = ""] = portuguese;
  return `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
};
