import type { DeliverySchedule } from "./catalog";
import { PORTUGUESE_MONTH_NAMES } from "./format-pt";

export interface PlannedSlot {
  time: string;
  priceCents: number;
  isFree: boolean;
  express: boolean;
  hasSlotsToBook: boolean;
  afterCutoff: boolean;
}

export interface PlannedDay {
  date: string;
  weekday: string;
  dayMonth: string;
  /** The day tab's label as the site writes it: `Hoje`, `Amanhã`, then `Sexta-feira`... */
  label: string;
  /** `14 janeiro`. */
  dayMonthLong: string;
  warning?: string;
  slots: PlannedSlot[];
}

const WEEKDAYS = ["seg", "ter", "qua", "qui", "sex", "sáb", "dom"];
const MONTHS = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];
const WEEKDAY_LABELS = [
  "Segunda-feira",
  "Terça-feira",
  "Quarta-feira",
  "Quinta-feira",
  "Sexta-feira",
  "Sábado",
  "Domingo",
];
const DAY_MS = 86_400_000;

const localClock = (now: Date, timeZone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return {
    todayUtcMs: Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
};

const minutesOf = (hhmm: string): number => {
  const [hours = "0", minutes = "0"] = hhmm.split(":");
  return Number(hours) * 60 + Number(minutes);
};
const hhmm = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * The delivery days and slots the store offers at `now` (Lisbon time), from the schedule data: paid and
 * free windows, an express slot today, every n-th slot full, today's slots after the cut-off, and a
 * warning on the first days when the cart has unavailable products. Deterministic for a given clock.
 */
export const planDeliverySlots = (
  schedule: DeliverySchedule,
  now: Date,
  cartHasUnavailableProducts: boolean,
): PlannedDay[] => {
  const clock = localClock(now, schedule.timeZone);
  let slotCounter = 0;
  const days: PlannedDay[] = [];
  for (let offset = 0; offset < schedule.days; offset++) {
    const date = new Date(clock.todayUtcMs + offset * DAY_MS);
    const isoWeekday = ((date.getUTCDay() + 6) % 7) + 1;
    const slots: PlannedSlot[] = [];
    if (offset === 0) {
      const expressStart = Math.max(
        (Math.floor(clock.minutes / 60) + 1) * 60,
        schedule.express.firstStartHour * 60,
      );
      if (expressStart <= schedule.express.lastStartHour * 60) {
        slots.push({
          time: `${hhmm(expressStart)} - ${hhmm(expressStart + schedule.express.durationHours * 60)}`,
          priceCents: schedule.express.priceCents,
          isFree: false,
          express: true,
          hasSlotsToBook: true,
          afterCutoff: false,
        });
      }
    }
    for (const window of schedule.windows) {
      slotCounter += 1;
      const isFree = window.freeOnWeekdays.includes(isoWeekday);
      const start = minutesOf(window.time.slice(0, 5));
      slots.push({
        time: window.time,
        priceCents: isFree ? 0 : window.priceCents,
        isFree,
        express: false,
        hasSlotsToBook: slotCounter % schedule.fullEvery !== schedule.fullEvery - 1,
        afterCutoff: offset === 0 && start - clock.minutes < schedule.cutoffHoursBeforeStart * 60,
      });
    }
    days.push({
      date: date.toISOString().slice(0, 10),
      weekday: WEEKDAYS[isoWeekday - 1] ?? "",
      dayMonth: `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()] ?? ""}`,
      label: offset === 0 ? "Hoje" : offset === 1 ? "Amanhã" : (WEEKDAY_LABELS[isoWeekday - 1] ?? ""),
      dayMonthLong: `${date.getUTCDate()} ${PORTUGUESE_MONTH_NAMES[date.getUTCMonth()] ?? ""}`,
      warning:
        cartHasUnavailableProducts && offset < schedule.unavailableWarningDays
          ? schedule.warningText
          : undefined,
      slots,
    });
  }
  return days;
};
