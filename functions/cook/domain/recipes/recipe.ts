import { z } from "zod";
import { RecipeIdSchema } from "../ids";
import { COOK_LIMITS } from "../limits";
import { RecipeLocaleSchema } from "./recipe-locale";

const IngredientLineSchema = z.string().trim().min(1).max(COOK_LIMITS.ingredientLineLength);
const StepSchema = z.string().trim().min(1).max(COOK_LIMITS.stepLength);

/** Body of `PUT /recipes/{recipe_id}`: the recipe without its id (the id is the path). */
export const RecipeBodySchema = z.object({
  name: z.string().trim().min(1).max(COOK_LIMITS.recipeNameLength),
  servings: z.number().int().min(1).max(COOK_LIMITS.servingsMax).optional(),
  ingredients_raw: z.array(IngredientLineSchema).min(1).max(COOK_LIMITS.ingredientsPerRecipe),
  steps: z.array(StepSchema).max(COOK_LIMITS.stepsPerRecipe),
  /** Optional; when absent the shopping list infers it from the lines and says which it used. */
  locale: RecipeLocaleSchema.optional(),
});
export type RecipeBody = z.infer<typeof RecipeBodySchema>;

/** A base recipe as stored and returned. Ingredients are raw lines ("2 cups white rice"), as in seed 001. */
export const RecipeSchema = RecipeBodySchema.extend({ recipe_id: RecipeIdSchema });
export type Recipe = z.infer<typeof RecipeSchema>;
