import type { MealType } from "./planned-meal";

/*
 * The meal types' names in words: the one place cook writes "jantar" or "pequeno-almoço". Replies to a
 * Portuguese-speaking user name meals with MEAL_TYPE_NAMES_PT; messages are read with MEAL_TYPE_WORDS.
 */

/** A meal type as a Portuguese (pt-PT) sentence names it. */
export const MEAL_TYPE_NAMES_PT: Readonly<Record<MealType, string>> = {
  breakfast: "pequeno-almoço",
  lunch: "almoço",
  dinner: "jantar",
  snack: "lanche",
};

/** A meal type's Portuguese name: "dinner" → "jantar". */
export const mealTypeNamePt = (mealType: MealType): string => MEAL_TYPE_NAMES_PT[mealType];

/**
 * The words a message may use for each meal type, English and Portuguese, with and without accents;
 * `language` is the language the word gives away.
 */
export const MEAL_TYPE_WORDS: readonly { name: string; mealType: MealType; language: "en" | "pt" }[] = [
  // "pequeno-almoço" before "almoço", which it contains.
  { name: "pequeno-almoço", mealType: "breakfast", language: "pt" },
  { name: "pequeno almoço", mealType: "breakfast", language: "pt" },
  { name: "pequeno-almoco", mealType: "breakfast", language: "pt" },
  { name: "pequeno almoco", mealType: "breakfast", language: "pt" },
  { name: "breakfast", mealType: "breakfast", language: "en" },
  { name: "lunch", mealType: "lunch", language: "en" },
  { name: "almoço", mealType: "lunch", language: "pt" },
  { name: "almoco", mealType: "lunch", language: "pt" },
  { name: "dinner", mealType: "dinner", language: "en" },
  { name: "supper", mealType: "dinner", language: "en" },
  { name: "jantar", mealType: "dinner", language: "pt" },
  { name: "snack", mealType: "snack", language: "en" },
  { name: "lanche", mealType: "snack", language: "pt" },
];
