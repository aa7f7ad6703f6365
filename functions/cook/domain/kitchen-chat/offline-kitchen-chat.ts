import type { MealType } from "../snapshots/planned-meal";
import { parseInstructionOffline } from "../variants/offline-instruction-parser";
import type { KitchenChatOperations } from "./kitchen-chat-operations";
import type { KitchenToolCall } from "./kitchen-chat-tool-call";
import { runLoggedOperation } from "./kitchen-chat-tool-call";
import { KITCHEN_TOOL_NAMES } from "./kitchen-chat-tool-names";
import { mealLabel, OFFLINE_REPLIES, scopeLabel } from "./offline-kitchen-chat-replies";
import { type ChatLanguage, type DayMention, parseKitchenMessage } from "./parse-kitchen-chat-message";
import type { PlanMeal } from "./plan-overview";
import { weekdayOfDate } from "./weekday";

const onDay = (meal: PlanMeal, day: DayMention): boolean =>
  day.kind === "date" ? meal.view.date === day.date : weekdayOfDate(meal.view.date) === day.weekday;

const ofMealType = (meal: PlanMeal, mealType: MealType | null): boolean =>
  mealType === null || meal.view.meal_type === mealType;

/**
 * Several meals on the named day and no meal type: the one whose recipe the instruction fits ("swap the
 * chicken" fits the stir fry, not the soup), when exactly one does; the domain's offline parser decides
 * what fits. Otherwise the user is asked.
 */
const pickMealFor = (candidates: readonly PlanMeal[], instruction: string): PlanMeal | undefined => {
  if (candidates.length === 1) return candidates[0];
  const fitting = candidates.filter(
    (meal) => meal.recipe !== null && !parseInstructionOffline(meal.recipe, instruction).needs_clarification,
  );
  return fitting.length === 1 ? fitting[0] : undefined;
};

const modifyOffline = async (
  operations: KitchenChatOperations,
  log: KitchenToolCall[],
  meals: readonly PlanMeal[],
  request: { day: DayMention; mealType: MealType | null; instruction: string; language: ChatLanguage },
): Promise<string> => {
  const replies = OFFLINE_REPLIES[request.language];
  const scope = scopeLabel(request.language, request.day, request.mealType);
  const candidates = meals.filter((meal) => onDay(meal, request.day) && ofMealType(meal, request.mealType));
  if (candidates.length === 0) return replies.noMeal(scope, meals);
  const meal = pickMealFor(candidates, request.instruction);
  if (!meal) return replies.whichMeal(scope, candidates);

  const args = { date: meal.view.date, meal_type: meal.view.meal_type, instruction: request.instruction };
  const label = mealLabel(request.language, meal);
  const outcome = await runLoggedOperation(log, KITCHEN_TOOL_NAMES.modifyRecipe, args, () =>
    operations.modifyRecipe(args),
  );
  if (!outcome.ok) return replies.modifyFailed(label, outcome.reason);
  const result = outcome.output;
  if (result.needs_clarification) return result.clarification_message;
  return replies.modified(label, result.changes, result.warnings);
};

const clearOne = async (
  operations: KitchenChatOperations,
  log: KitchenToolCall[],
  language: ChatLanguage,
  meal: PlanMeal,
): Promise<string> => {
  const replies = OFFLINE_REPLIES[language];
  const args = { date: meal.view.date, meal_type: meal.view.meal_type };
  const label = mealLabel(language, meal);
  const outcome = await runLoggedOperation(log, KITCHEN_TOOL_NAMES.clearVariant, args, () =>
    operations.clearVariant(args),
  );
  return outcome.ok ? replies.cleared(label) : replies.clearFailed(label, outcome.reason);
};

const clearOffline = async (
  operations: KitchenChatOperations,
  log: KitchenToolCall[],
  meals: readonly PlanMeal[],
  request: { days: readonly DayMention[]; mealType: MealType | null; language: ChatLanguage },
): Promise<string> => {
  const replies = OFFLINE_REPLIES[request.language];
  const { days, language } = request;
  const [firstDay = null] = days;
  const inScope = (meal: PlanMeal, day: DayMention | null) =>
    (day === null || onDay(meal, day)) && ofMealType(meal, request.mealType);
  if (days.length > 1) {
    // Each named day on its own: a day without a meal is said, the others' modified meals are all cleared.
    const answers: string[] = [];
    for (const day of days) {
      const scope = scopeLabel(language, day, request.mealType);
      const candidates = meals.filter((meal) => inScope(meal, day));
      if (candidates.length === 0) {
        answers.push(replies.noMeal(scope, meals));
        continue;
      }
      const modified = candidates.filter((meal) => meal.view.modified);
      if (modified.length === 0) answers.push(replies.nothingToClear(scope));
      for (const meal of modified) answers.push(await clearOne(operations, log, language, meal));
    }
    return answers.join(" ");
  }
  const scope = scopeLabel(language, firstDay, request.mealType);
  const candidates = meals.filter((meal) => inScope(meal, firstDay));
  if (firstDay !== null && candidates.length === 0) return replies.noMeal(scope, meals);
  // "Remove modifications" needs no day when only one meal has any.
  const modified = candidates.filter((meal) => meal.view.modified);
  const [meal, ...others] = modified;
  if (!meal) return replies.nothingToClear(scope);
  if (others.length > 0) return replies.whichToClear(modified);
  return clearOne(operations, log, language, meal);
};

/**
 * The kitchen chat without a model: undo requests and "<instruction> on <day> [for <meal>]" in English
 * and Portuguese, through the same operations (and tool_calls records) as the agent's tools. Anything
 * else, or a request that does not pick one meal, gets an answer saying what it can do or asking which
 * meal; nothing is written then.
 */
export const answerOffline = async (
  operations: KitchenChatOperations,
  message: string,
  log: KitchenToolCall[],
): Promise<string> => {
  const request = parseKitchenMessage(message);
  const meals = await operations.loadMeals();
  switch (request.kind) {
    case "unrecognised":
      return OFFLINE_REPLIES[request.language].help(meals);
    case "clear_variant":
      return clearOffline(operations, log, meals, request);
    case "modify_recipe":
      return modifyOffline(operations, log, meals, request);
  }
};
