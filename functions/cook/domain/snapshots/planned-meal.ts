import { z } from "zod";
import { RecipeIdSchema } from "../ids";
import { COOK_LIMITS } from "../limits";
import { RecipeVariantSchema } from "../variants/recipe-variant";

/** A calendar date written YYYY-MM-DD that exists (2025-02-29 does not). */
export const PlanDateSchema = z.iso.date();

export const MealTypeSchema = z.enum(["breakfast", "lunch", "dinner", "snack"]);
export type MealType = z.infer<typeof MealTypeSchema>;

export const ComponentRoleSchema = z.enum(["main", "side"]);
export type ComponentRole = z.infer<typeof ComponentRoleSchema>;

/**
 * One more dish of a meal bundle (phase 3). The meal's own `recipe_id` is its primary main dish (the one a
 * variant modifies); `components` lists the dishes served with it: sides, or a second main.
 */
export const MealComponentSchema = z.object({
  role: ComponentRoleSchema,
  recipe_id: RecipeIdSchema,
});
export type MealComponent = z.infer<typeof MealComponentSchema>;

/** A planned meal as a client sends it in `POST /plans`. */
export const PlannedMealInputSchema = z.object({
  date: PlanDateSchema,
  meal_type: MealTypeSchema,
  recipe_id: RecipeIdSchema,
  components: z.array(MealComponentSchema).max(COOK_LIMITS.componentsPerMeal).optional(),
});
export type PlannedMealInput = z.infer<typeof PlannedMealInputSchema>;

/** A planned meal as stored in a snapshot: the input plus the variant, when the meal was modified. */
export const PlannedMealSchema = PlannedMealInputSchema.extend({
  variant: RecipeVariantSchema.optional(),
});
export type PlannedMeal = z.infer<typeof PlannedMealSchema>;

/** The key of a planned meal inside its snapshot; a snapshot holds at most one meal per key. */
export interface MealKey {
  date: string;
  meal_type: MealType;
}

export const mealKeyOf = (meal: MealKey): string => `${meal.date}:${meal.meal_type}`;
