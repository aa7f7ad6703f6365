import type { DateRange } from "./campaign";

/** An inclusive range of ISO dates; a missing bound is open. */
export interface ResolvedDateRange {
  from?: string;
  to?: string;
}

const iso = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * Resolves a relative range the user said ("recent", "last quarter", "this year") against the clock, so
 * the model never computes dates. "recent" is the last `recentDays` days; quarters are calendar quarters
 * in UTC; "last quarter" is the whole previous one.
 */
export const resolveDateRange = (range: DateRange, now: Date, recentDays: number): ResolvedDateRange => {
  if (typeof range !== "string") {
    return { ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) };
  }
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  switch (range) {
    case "recent":
      return { from: iso(new Date(now.getTime() - recentDays * 86_400_000)), to: iso(now) };
    case "this month":
      return { from: iso(new Date(Date.UTC(year, month, 1))), to: iso(now) };
    case "this year":
      return { from: `${year}-01-01`, to: iso(now) };
    case "last year":
      return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
    case "last quarter": {
      const quarterStart = month - (month % 3);
      return {
        from: iso(new Date(Date.UTC(year, quarterStart - 3, 1))),
        to: iso(new Date(Date.UTC(year, quarterStart, 0))),
      };
    }
  }
};
