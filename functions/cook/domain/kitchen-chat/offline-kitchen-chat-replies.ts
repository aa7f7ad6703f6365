import { MEAL_TYPE_NAMES_PT } from "../snapshots/meal-names";
import type { MealType } from "../snapshots/planned-meal";
import type { ChatLanguage, DayMention } from "./parse-kitchen-chat-message";
import type { PlanMeal } from "./plan-overview";
import { WEEKDAY_NAMES, WEEKDAY_NAMES_PT, weekdayOfDate } from "./weekday";

/** The offline interpreter's answers, in the language the user wrote in. */

const EXAMPLES = {
  en: '"swap the rice for quinoa on Friday", "use tofu instead of chicken on Monday dinner", "double it on Tuesday", or "remove modifications on Friday" to undo',
  pt: '"troca o arroz por quinoa na sexta", "usa tofu em vez de frango na segunda ao jantar", "duplica na terça", ou "remove as alterações na sexta" para desfazer',
} as const;

export const mealLabel = (language: ChatLanguage, meal: PlanMeal): string => {
  const { date, meal_type } = meal.view;
  return language === "pt"
    ? `${WEEKDAY_NAMES_PT[weekdayOfDate(date)]} ${date}, ${MEAL_TYPE_NAMES_PT[meal_type]} (${meal.recipeName})`
    : `${WEEKDAY_NAMES[weekdayOfDate(date)]} ${date} ${meal_type} (${meal.recipeName})`;
};

const mealsLabel = (language: ChatLanguage, meals: readonly PlanMeal[]): string =>
  meals.length === 0
    ? language === "pt"
      ? "nenhuma refeição"
      : "no meals"
    : meals.map((meal) => mealLabel(language, meal)).join("; ");

/** "Friday dinner", "sexta ao jantar", "2025-01-03": the day and meal the user named. */
export const scopeLabel = (
  language: ChatLanguage,
  day: DayMention | null,
  mealType: MealType | null,
): string => {
  const dayName =
    day === null
      ? null
      : day.kind === "date"
        ? day.date
        : language === "pt"
          ? WEEKDAY_NAMES_PT[day.weekday]
          : WEEKDAY_NAMES[day.weekday];
  if (language === "pt") {
    const meal = mealType === null ? null : MEAL_TYPE_NAMES_PT[mealType];
    return [dayName, meal === null ? null : `${dayName === null ? "" : "ao "}${meal}`]
      .filter(Boolean)
      .join(" ");
  }
  return [dayName, mealType].filter(Boolean).join(" ");
};

export const OFFLINE_REPLIES = {
  en: {
    help: (meals: readonly PlanMeal[]) =>
      `The assistant is not available right now, so I understand only simple requests that name a day: ${EXAMPLES.en}. This plan has: ${mealsLabel("en", meals)}.`,
    noMeal: (scope: string, meals: readonly PlanMeal[]) =>
      `There is no meal on ${scope} in this plan. It has: ${mealsLabel("en", meals)}.`,
    whichMeal: (scope: string, options: readonly PlanMeal[]) =>
      `There is more than one meal on ${scope}: ${mealsLabel("en", options)}. Which one do you mean? Name the day and the meal, e.g. "on Friday dinner".`,
    modified: (label: string, changes: readonly string[], warnings: readonly string[]) =>
      `Done: ${label} is modified (${changes.join("; ")}).${warnings.length > 0 ? ` Note: ${warnings.join(" ")}` : ""}`,
    modifyFailed: (label: string, reason: string) => `I could not change ${label}: ${reason}.`,
    cleared: (label: string) =>
      `Done: I removed the modifications of ${label}; it is back to its original recipe.`,
    clearFailed: (label: string, reason: string) =>
      `I could not remove the modifications of ${label}: ${reason}.`,
    nothingToClear: (scope: string) =>
      scope === "" ? "No meal in this plan has modifications." : `No meal on ${scope} has modifications.`,
    whichToClear: (options: readonly PlanMeal[]) =>
      `Several meals have modifications: ${mealsLabel("en", options)}. Which one should I put back to its original recipe?`,
  },
  pt: {
    help: (meals: readonly PlanMeal[]) =>
      `O assistente não está disponível agora, por isso só percebo pedidos simples que digam o dia: ${EXAMPLES.pt}. Este plano tem: ${mealsLabel("pt", meals)}.`,
    noMeal: (scope: string, meals: readonly PlanMeal[]) =>
      `Não há refeição em ${scope} neste plano. Tem: ${mealsLabel("pt", meals)}.`,
    whichMeal: (scope: string, options: readonly PlanMeal[]) =>
      `Há mais de uma refeição em ${scope}: ${mealsLabel("pt", options)}. Qual delas? Diz o dia e a refeição, por exemplo "na sexta ao jantar".`,
    modified: (label: string, changes: readonly string[], warnings: readonly string[]) =>
      `Feito: ${label} foi alterado (${changes.join("; ")}).${warnings.length > 0 ? ` Nota: ${warnings.join(" ")}` : ""}`,
    modifyFailed: (label: string, reason: string) => `Não consegui alterar ${label}: ${reason}.`,
    cleared: (label: string) => `Feito: removi as alterações de ${label}; voltou à receita original.`,
    clearFailed: (label: string, reason: string) =>
      `Não consegui remover as alterações de ${label}: ${reason}.`,
    nothingToClear: (scope: string) =>
      scope === ""
        ? "Nenhuma refeição deste plano tem alterações."
        : `Nenhuma refeição em ${scope} tem alterações.`,
    whichToClear: (options: readonly PlanMeal[]) =>
      `Há várias refeições com alterações: ${mealsLabel("pt", options)}. Qual delas volta à receita original?`,
  },
} as const;
