import { matchAllowedValue } from "../../../core/text/allowed-value";
import { foldText } from "../../../core/text/fold-text";
import { MEAL_TYPE_WORDS } from "../../../core/text/meal-type-names";
import { MealTypeSchema, PlanDateSchema } from "../snapshots/planned-meal";
import type { PlanMeal } from "./plan-overview";
import { readWeekdayName, weekdayNameOfDate, weekdayOfDate } from "./weekday";

export type MealAddressReading = { kind: "read"; args: unknown } | { kind: "problem"; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** "Dinner", "DINNER", "jantar", "Almoço": the meal type meant, or undefined. */
const readMealType = (raw: string): string | undefined =>
  matchAllowedValue(raw, MealTypeSchema.options) ??
  MEAL_TYPE_WORDS.find((word) => foldText(word.name) === foldText(raw))?.mealType;

const listDates = (meals: readonly PlanMeal[]): string =>
  [...new Set(meals.map((meal) => meal.view.date))]
    .sort()
    .map((date) => `${date} (${weekdayNameOfDate(date)})`)
    .join(", ");

/**
 * A meal's address as a model writes it in modify_recipe or clear_variant, read against this plan before
 * the tool's schema checks it: a meal type in another case or language ("Dinner", "jantar") is that meal
 * type; a date given as a weekday ("Friday", "Fri", "Sexta-feira") is the plan's one date on that weekday,
 * and a timestamp is its date. A weekday the plan has on several dates, or none, is never guessed: the
 * model is told the plan's dates (so it can correct its call within its turns). Anything else is left for
 * the schema to judge.
 */
export const readMealAddress = async (
  args: unknown,
  loadMeals: () => Promise<PlanMeal[]>,
): Promise<MealAddressReading> => {
  if (!isRecord(args)) return { kind: "read", args };
  const out: Record<string, unknown> = { ...args };
  if (typeof args.meal_type === "string" && !MealTypeSchema.safeParse(args.meal_type).success) {
    out.meal_type = readMealType(args.meal_type) ?? args.meal_type;
  }
  const date = args.date;
  if (typeof date !== "string" || PlanDateSchema.safeParse(date).success) return { kind: "read", args: out };
  const stamp = /^(\d{4}-\d{2}-\d{2})T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?$/.exec(date.trim());
  if (stamp && PlanDateSchema.safeParse(stamp[1]).success)
    return { kind: "read", args: { ...out, date: stamp[1] } };
  const weekday = readWeekdayName(date);
  if (weekday === undefined) return { kind: "read", args: out };
  const meals = await loadMeals();
  const onWeekday = [
    ...new Set(meals.map((meal) => meal.view.date).filter((planDate) => weekdayOfDate(planDate) === weekday)),
  ];
  if (onWeekday.length === 1) return { kind: "read", args: { ...out, date: onWeekday[0] } };
  return {
    kind: "problem",
    message: `date: "${date}" is ${onWeekday.length === 0 ? "no day of this plan" : `${onWeekday.length} dates of this plan`}; give one date (YYYY-MM-DD) of the plan's dates: ${listDates(meals)}`,
  };
};
