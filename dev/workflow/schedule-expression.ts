import { CronExpressionParser } from "cron-parser";
import { ConfigError } from "../../functions/core/errors";

/** A parsed EventBridge Scheduler expression: `rate(...)`, `cron(...)` or `at(...)`, all in UTC. */
export interface ScheduleExpression {
  readonly expression: string;
  /**
   * The first fire time strictly after `after`, or undefined when the schedule never fires again.
   * Rates count whole periods from `since`, the moment the schedule was set up.
   */
  nextAfter(after: Date, since: Date): Date | undefined;
}

const invalid = (expression: string, reason: string): ConfigError =>
  new ConfigError(`Invalid schedule expression "${expression}": ${reason}`, { details: { expression } });

const unitMs = { minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;

const parseRate = (expression: string, body: string): ScheduleExpression => {
  const match = /^(\d+) (minute|minutes|hour|hours|day|days)$/.exec(body.trim());
  if (!match) throw invalid(expression, "rate() takes a whole number and minute(s), hour(s) or day(s)");
  const value = Number(match[1]);
  const unit = match[2] ?? "";
  // EventBridge refuses `rate(1 minutes)` and `rate(5 minute)`: the unit is singular exactly for 1.
  if (value < 1) throw invalid(expression, "the rate must be at least 1");
  if ((value === 1) !== !unit.endsWith("s"))
    throw invalid(expression, "use a singular unit for 1, plural otherwise");
  const everyMs = value * unitMs[unit.replace(/s$/, "") as keyof typeof unitMs];
  return {
    expression,
    nextAfter(after, since) {
      const periods = Math.max(0, Math.floor((after.getTime() - since.getTime()) / everyMs)) + 1;
      return new Date(since.getTime() + periods * everyMs);
    },
  };
};

const parseAt = (expression: string, body: string): ScheduleExpression => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(body.trim())) {
    throw invalid(expression, "at() takes yyyy-mm-ddThh:mm:ss");
  }
  const at = new Date(`${body.trim()}Z`);
  if (Number.isNaN(at.getTime())) throw invalid(expression, "not a date");
  return { expression, nextAfter: (after) => (at.getTime() > after.getTime() ? at : undefined) };
};

const weekdayNames = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];
const minYear = 1970;
const maxYear = 2199;

/** EventBridge days of week run 1-7 from Sunday; cron-parser's run 0-6. Names become numbers too. */
const toCronParserDayOfWeek = (expression: string, field: string): string => {
  const day = (token: string): string => {
    const named = weekdayNames.indexOf(token);
    if (named >= 0) return String(named);
    const n = Number(token);
    if (!/^\d+$/.test(token) || n < 1 || n > 7)
      throw invalid(expression, `day of week ${token} is not 1-7 or SUN-SAT`);
    return String(n - 1);
  };
  if (field === "?" || field === "*") return "*";
  // `L` alone is the last day of the week, Saturday.
  if (field === "L") return "6";
  return field
    .split(",")
    .map((part) => {
      const nth = /^(\w+)#([1-5])$/.exec(part);
      if (nth) return `${day(nth[1] ?? "")}#${nth[2]}`;
      const last = /^(\w+)L$/.exec(part);
      if (last) return `${day(last[1] ?? "")}L`;
      const [range = "", step] = part.split("/");
      const bounds = range === "*" ? "*" : range.split("-").map(day).join("-");
      return step === undefined ? bounds : `${bounds}/${step}`;
    })
    .join(",");
};

/** EventBridge's sixth field; cron-parser has no year, so candidate dates are filtered by it. */
const parseYearField = (expression: string, field: string): ((year: number) => boolean) => {
  const parts = field.split(",").map((part) => {
    const match = /^(\*|\d{4})(?:-(\d{4}))?(?:\/(\d+))?$/.exec(part);
    if (!match) throw invalid(expression, `year field "${part}" is not a year, range or step`);
    const from = match[1] === "*" ? minYear : Number(match[1]);
    const to =
      match[2] !== undefined ? Number(match[2]) : match[1] === "*" || match[3] !== undefined ? maxYear : from;
    const step = match[3] !== undefined ? Number(match[3]) : 1;
    if (from < minYear || to > maxYear || from > to || step < 1) {
      throw invalid(expression, `year field "${part}" is outside ${minYear}-${maxYear}`);
    }
    return (year: number) => year >= from && year <= to && (year - from) % step === 0;
  });
  return (year) => parts.some((matches) => matches(year));
};

const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * The day-of-month `W` rules (which cron-parser lacks): `15W` is the weekday nearest the 15th within the
 * month, `LW` the month's last weekday. Returns the matching day of the given month, if any.
 */
const weekdayRuleDay = (rule: string, year: number, month: number): number | undefined => {
  const lastDay = daysInMonth(year, month);
  const dayOfWeek = (day: number) => new Date(Date.UTC(year, month, day)).getUTCDay();
  if (rule === "LW") {
    const last = dayOfWeek(lastDay);
    return last === 6 ? lastDay - 1 : last === 0 ? lastDay - 2 : lastDay;
  }
  const day = Number(rule.slice(0, -1));
  if (day > lastDay) return undefined;
  const weekday = dayOfWeek(day);
  if (weekday === 6) return day === 1 ? 3 : day - 1;
  if (weekday === 0) return day === lastDay ? day - 2 : day + 1;
  return day;
};

const weekdayMismatch = (rule: string | undefined, candidate: Date): boolean =>
  rule !== undefined &&
  weekdayRuleDay(rule, candidate.getUTCFullYear(), candidate.getUTCMonth()) !== candidate.getUTCDate();

const parseCron = (expression: string, body: string): ScheduleExpression => {
  const fields = body.trim().split(/\s+/);
  if (fields.length !== 6)
    throw invalid(expression, "cron() takes 6 fields: minutes hours day-of-month month day-of-week year");
  const [minutes = "", hours = "", dayOfMonth = "", month = "", dayOfWeek = "", year = ""] = fields;
  // EventBridge requires `?` in exactly one of day-of-month and day-of-week.
  if ((dayOfMonth === "?") === (dayOfWeek === "?")) {
    throw invalid(expression, "use ? in exactly one of day-of-month and day-of-week");
  }
  const weekdayRule = /^([1-9]|[12]\d|3[01])W$|^LW$/.test(dayOfMonth) ? dayOfMonth : undefined;
  if (dayOfMonth.includes("W") && !weekdayRule) throw invalid(expression, "W takes one day (15W) or L (LW)");
  const cronParserText = [
    "0",
    minutes,
    hours,
    weekdayRule || dayOfMonth === "?" ? "*" : dayOfMonth,
    month,
    toCronParserDayOfWeek(expression, dayOfWeek),
  ].join(" ");
  const yearMatches = parseYearField(expression, year);
  const fromDate = (currentDate: Date) =>
    CronExpressionParser.parse(cronParserText, { currentDate, tz: "UTC" });
  try {
    fromDate(new Date(0));
  } catch (error) {
    throw invalid(expression, error instanceof Error ? error.message : String(error));
  }

  return {
    expression,
    nextAfter(after) {
      let cursor = after;
      // Each pass either returns or moves the cursor forward by at least a day, so this bounds the search.
      for (let pass = 0; pass < 10_000; pass += 1) {
        let candidate: Date;
        try {
          candidate = fromDate(cursor).next().toDate();
        } catch {
          return undefined;
        }
        const candidateYear = candidate.getUTCFullYear();
        if (candidateYear > maxYear) return undefined;
        if (!yearMatches(candidateYear)) {
          let nextYear = candidateYear + 1;
          while (nextYear <= maxYear && !yearMatches(nextYear)) nextYear += 1;
          if (nextYear > maxYear) return undefined;
          cursor = new Date(Date.UTC(nextYear, 0, 1) - 1);
          continue;
        }
        if (weekdayMismatch(weekdayRule, candidate)) {
          cursor = new Date(Date.UTC(candidateYear, candidate.getUTCMonth(), candidate.getUTCDate() + 1) - 1);
          continue;
        }
        return candidate;
      }
      return undefined;
    },
  };
};

/**
 * Parses an EventBridge Scheduler expression as CDK deploys it (lib/constructs/schedules.ts), refusing
 * what EventBridge would refuse: six cron fields with `?` in day-of-month or day-of-week, rates with a
 * unit that agrees with the value. Times are UTC, EventBridge's default.
 */
export const parseScheduleExpression = (expression: string): ScheduleExpression => {
  const match = /^(rate|cron|at)\((.*)\)$/.exec(expression.trim());
  if (!match) throw invalid(expression, "expected rate(...), cron(...) or at(...)");
  const [, kind, body = ""] = match;
  if (kind === "rate") return parseRate(expression, body);
  if (kind === "at") return parseAt(expression, body);
  return parseCron(expression, body);
};
