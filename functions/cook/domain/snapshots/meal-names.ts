import { MEAL_TYPE_NAMES_PT as NAMES_PT, MEAL_TYPE_WORDS as WORDS } from "../../../core/text/meal-type-names";
import type { MealType } from "./planned-meal";

/*
 * The meal types' names in words. The table is core's meal-type-names.json, shared with shop's cart
 * reasons; here it is typed with cook's MealType. Replies to a Portuguese-speaking user name meals with
 * MEAL_TYPE_NAMES_PT; messages are read with MEAL_TYPE_WORDS.
 */

/** A meal type as a Portuguese (pt-PT) sentence names it. */
export const MEAL_TYPE_NAMES_PT: Readonly<Record<MealType, string>> = NAMES_PT;

/** A meal type's Portuguese name: "dinner" → "jantar". */
export const mealTypeNamePt = (mealType: MealType): string => MEAL_TYPE_NAMES_PT[mealType];

/**
 * The words a message may use for each meal type, English and Portuguese, with and without accents;
 * `language` is the language the word gives away ("pequeno-almoço" before "almoço", which it contains).
 */
export const MEAL_TYPE_WORDS: readonly { name: string; mealType: MealType; language: "en" | "pt" }[] = WORDS;
