import { z } from "zod";
import { parseOrThrow } from "../validation";
import mealTypeNamesData from "./meal-type-names.json";

/*
 * The meal types' names in words, the one source of "jantar" or "pequeno-almoço" for every area (cook's
 * replies and message reading, shop's cart reasons): the table is data, meal-type-names.json.
 */

// The four meal types a plan has, as cook's MealTypeSchema spells them (cook's meal-names.ts assigns
// these tables to its MealType both ways, so the compiler holds the two lists equal).
const MealTypeSchema = z.enum(["breakfast", "lunch", "dinner", "snack"]);
type MealTypeName = z.infer<typeof MealTypeSchema>;

export const MealTypeNamesDataSchema = z.strictObject({
  names_pt: z.strictObject({
    breakfast: z.string().min(1),
    lunch: z.string().min(1),
    dinner: z.string().min(1),
    snack: z.string().min(1),
  }),
  // Order matters: a longer word ("pequeno-almoço") comes before one it contains ("almoço").
  words: z
    .array(
      z.strictObject({ name: z.string().min(1), meal_type: MealTypeSchema, language: z.enum(["en", "pt"]) }),
    )
    .min(1),
});

const data = parseOrThrow(MealTypeNamesDataSchema, mealTypeNamesData, "meal-type-names.json");

/** A meal type as a Portuguese (pt-PT) sentence names it. */
export const MEAL_TYPE_NAMES_PT: Readonly<Record<MealTypeName, string>> = data.names_pt;

/**
 * The words a message may use for each meal type, English and Portuguese, with and without accents;
 * `language` is the language the word gives away.
 */
export const MEAL_TYPE_WORDS: readonly { name: string; mealType: MealTypeName; language: "en" | "pt" }[] =
  data.words.map(({ name, meal_type, language }) => ({ name, mealType: meal_type, language }));

/** A meal type's Portuguese name ("dinner" → "jantar"); undefined for a word that is no meal type. */
export const mealTypeNamePt = (mealType: string): string | undefined =>
  Object.hasOwn(MEAL_TYPE_NAMES_PT, mealType) ? MEAL_TYPE_NAMES_PT[mealType as MealTypeName] : undefined;
