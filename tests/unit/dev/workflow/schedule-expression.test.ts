import { describe, expect, it } from "vitest";
import { parseScheduleExpression } from "../../../../dev/workflow/schedule-expression";
import { ConfigError } from "../../../../functions/core/errors";

const at = (iso: string) => new Date(iso);
const since = at("2026-01-01T00:00:00Z");

/** The next `count` fire times after `after`. */
const fireTimes = (expression: string, after: string, count: number): (string | undefined)[] => {
  const schedule = parseScheduleExpression(expression);
  const times: (string | undefined)[] = [];
  let cursor: Date | undefined = at(after);
  for (let i = 0; i < count && cursor; i += 1) {
    cursor = schedule.nextAfter(cursor, since);
    times.push(cursor?.toISOString());
  }
  return times;
};

describe("rate expressions", () => {
  it("fires one period after the schedule was set up, then every period", () => {
    expect(fireTimes("rate(5 minutes)", "2026-01-01T00:00:00Z", 3)).toEqual([
      "2026-01-01T00:05:00.000Z",
      "2026-01-01T00:10:00.000Z",
      "2026-01-01T00:15:00.000Z",
    ]);
  });

  it("stays on the period grid when asked from between two firings", () => {
    expect(fireTimes("rate(5 minutes)", "2026-01-01T00:07:30Z", 1)).toEqual(["2026-01-01T00:10:00.000Z"]);
  });

  it("understands hours and days", () => {
    expect(fireTimes("rate(2 hours)", "2026-01-01T00:00:00Z", 1)).toEqual(["2026-01-01T02:00:00.000Z"]);
    expect(fireTimes("rate(1 day)", "2026-01-01T00:00:00Z", 2)).toEqual([
      "2026-01-02T00:00:00.000Z",
      "2026-01-03T00:00:00.000Z",
    ]);
  });

  it.each([
    "rate(1 minutes)",
    "rate(5 minute)",
    "rate(0 minutes)",
    "rate(1.5 hours)",
    "rate(1 week)",
    "rate(minutes)",
  ])("refuses %s as EventBridge would", (expression) => {
    expect(() => parseScheduleExpression(expression)).toThrow(ConfigError);
  });
});

describe("cron expressions (EventBridge: six fields, UTC, days of week 1-7 from Sunday)", () => {
  it("fires daily at the given UTC time, strictly after the reference time", () => {
    expect(fireTimes("cron(0 10 * * ? *)", "2026-03-01T09:59:00Z", 2)).toEqual([
      "2026-03-01T10:00:00.000Z",
      "2026-03-02T10:00:00.000Z",
    ]);
    expect(fireTimes("cron(0 10 * * ? *)", "2026-03-01T10:00:00Z", 1)).toEqual(["2026-03-02T10:00:00.000Z"]);
  });

  it("skips the weekend for MON-FRI", () => {
    // 2026-01-02 is a Friday.
    expect(fireTimes("cron(15 10 ? * MON-FRI *)", "2026-01-02T11:00:00Z", 1)).toEqual([
      "2026-01-05T10:15:00.000Z",
    ]);
  });

  it("counts numeric days of week from Sunday = 1", () => {
    // 2026-01-01 is a Thursday: the next Sunday is the 4th, the next Saturday the 3rd.
    expect(fireTimes("cron(0 12 ? * 1 *)", "2026-01-01T00:00:00Z", 1)).toEqual(["2026-01-04T12:00:00.000Z"]);
    expect(fireTimes("cron(0 12 ? * 7 *)", "2026-01-01T00:00:00Z", 1)).toEqual(["2026-01-03T12:00:00.000Z"]);
    expect(fireTimes("cron(0 12 ? * 2-3 *)", "2026-01-01T00:00:00Z", 2)).toEqual([
      "2026-01-05T12:00:00.000Z",
      "2026-01-06T12:00:00.000Z",
    ]);
  });

  it("supports every 15 minutes with a step", () => {
    expect(fireTimes("cron(0/15 * * * ? *)", "2026-01-02T11:07:00Z", 2)).toEqual([
      "2026-01-02T11:15:00.000Z",
      "2026-01-02T11:30:00.000Z",
    ]);
  });

  it("supports the nth and the last weekday of the month (# and L in day-of-week)", () => {
    expect(fireTimes("cron(0 9 ? * 6#3 *)", "2026-01-01T00:00:00Z", 1)).toEqual(["2026-01-16T09:00:00.000Z"]);
    expect(fireTimes("cron(0 9 ? * 6L *)", "2026-01-01T00:00:00Z", 1)).toEqual(["2026-01-30T09:00:00.000Z"]);
  });

  it("supports the last day of the month (L in day-of-month)", () => {
    expect(fireTimes("cron(0 0 L * ? *)", "2026-02-01T00:00:00Z", 2)).toEqual([
      "2026-02-28T00:00:00.000Z",
      "2026-03-31T00:00:00.000Z",
    ]);
  });

  it("moves W days to the nearest weekday within the month", () => {
    // 2026-02-15 is a Sunday → Monday the 16th; 2026-08-01 is a Saturday → Monday the 3rd (not July).
    expect(fireTimes("cron(0 8 15W * ? *)", "2026-02-01T00:00:00Z", 1)).toEqual(["2026-02-16T08:00:00.000Z"]);
    expect(fireTimes("cron(0 8 1W * ? *)", "2026-07-15T00:00:00Z", 1)).toEqual(["2026-08-03T08:00:00.000Z"]);
  });

  it("fires LW on the month's last weekday and skips months too short for a W day", () => {
    // 2026-05-31 is a Sunday → Friday the 29th. April has no 31st.
    expect(fireTimes("cron(0 8 LW * ? *)", "2026-05-01T00:00:00Z", 1)).toEqual(["2026-05-29T08:00:00.000Z"]);
    expect(fireTimes("cron(0 0 31W * ? *)", "2026-04-01T00:00:00Z", 1)).toEqual(["2026-05-29T00:00:00.000Z"]);
  });

  it("honours the year field and stops when no year is left", () => {
    expect(fireTimes("cron(0 0 1 1 ? 2028)", "2026-06-01T00:00:00Z", 2)).toEqual([
      "2028-01-01T00:00:00.000Z",
      undefined,
    ]);
    expect(fireTimes("cron(0 0 1 1 ? 2027-2031/2)", "2026-06-01T00:00:00Z", 4)).toEqual([
      "2027-01-01T00:00:00.000Z",
      "2029-01-01T00:00:00.000Z",
      "2031-01-01T00:00:00.000Z",
      undefined,
    ]);
  });

  it.each([
    ["five fields", "cron(0 10 * * ?)"],
    ["both day fields set", "cron(0 10 1 * MON *)"],
    ["both day fields ?", "cron(0 10 ? * ? *)"],
    ["day of week 0", "cron(0 10 ? * 0 *)"],
    ["minute 60", "cron(60 10 * * ? *)"],
    ["a year before 1970", "cron(0 10 * * ? 1969)"],
    ["W on a list", "cron(0 10 1W,15W * ? *)"],
  ])("refuses %s", (_, expression) => {
    expect(() => parseScheduleExpression(expression)).toThrow(ConfigError);
  });
});

describe("at expressions and unknown forms", () => {
  it("fires a one-time schedule once, in UTC", () => {
    expect(fireTimes("at(2026-05-01T10:00:00)", "2026-04-01T00:00:00Z", 2)).toEqual([
      "2026-05-01T10:00:00.000Z",
      undefined,
    ]);
  });

  it("refuses anything that is not rate, cron or at, naming the expression", () => {
    expect(() => parseScheduleExpression("every day")).toThrow(/"every day"/);
  });
});
