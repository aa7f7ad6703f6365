import { DomainRefusedError } from "../../../core/errors";
import { foldText } from "../../../core/text/fold-text";
import { MEAL_TYPE_WORDS } from "../snapshots/meal-names";
import type { MealType } from "../snapshots/planned-meal";
import { type DayMention, parseKitchenMessage } from "./parse-kitchen-chat-message";
import { describeMeal } from "./plan-overview";
import { WEEKDAY_NAMES, weekdayOfDate } from "./weekday";

/** The days and meal type a user's message names outright, as the offline reader finds them. */
export interface NamedMeals {
  days: readonly DayMention[];
  mealType: MealType | null;
}

/** The meal types whose words the message holds ("the breakfast sausage … on Friday dinner" holds two). */
const mealTypesMentioned = (message: string): Set<MealType> => {
  const text = foldText(message);
  return new Set(
    MEAL_TYPE_WORDS.filter(({ name }) =>
      new RegExp(
        `(?<![\\p{L}])${foldText(name).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}])`,
        "u",
      ).test(text),
    ).map(({ mealType }) => mealType),
  );
};

/**
 * What the message names, or null when the offline reader does not read it as a change or an undo. A meal
 * type counts only when the message holds no other meal type's word (which one it means is then unclear).
 */
export const namedMealsOf = (message: string): NamedMeals | null => {
  const read = parseKitchenMessage(message);
  if (read.kind === "unrecognised") return null;
  const mealType = read.mealType !== null && mealTypesMentioned(message).size === 1 ? read.mealType : null;
  return { days: read.kind === "modify_recipe" ? [read.day] : read.days, mealType };
};

const dayMatches = (day: DayMention, date: string): boolean =>
  day.kind === "date" ? day.date === date : weekdayOfDate(date) === day.weekday;

const describeDay = (day: DayMention): string =>
  day.kind === "date" ? day.date : (WEEKDAY_NAMES[day.weekday] ?? "");

/**
 * A change to a meal the user's message did not name is refused back to the model: "undo the changes on
 * Monday" acted on Friday would be shown as done. Only what the message names outright counts (a day, a
 * date, a meal type); a message that names none of them, or that the offline reader does not read, leaves
 * the model free. The model gets the reason and can act on the named meal or ask.
 */
export const refuseUnnamedMeal = (
  named: NamedMeals | null,
  meal: { date: string; meal_type: MealType },
): void => {
  if (!named) return;
  const dayOk = named.days.length === 0 || named.days.some((day) => dayMatches(day, meal.date));
  const mealOk = named.mealType === null || named.mealType === meal.meal_type;
  if (dayOk && mealOk) return;
  const said = [named.days.map(describeDay).join(" or "), named.mealType ?? ""].filter(Boolean).join(" ");
  throw new DomainRefusedError(
    `The user's message names ${said}, not ${describeMeal(meal)}: act on the meal the user named, or ask which one`,
    { code: "meal_not_named" },
  );
};
