import { NotFoundError } from "../../../core/errors";
import { parseOrThrow } from "../../../core/validation";
import { RecipeIdSchema } from "../ids";
import type { CookDeps } from "../ports/cook-deps";
import type { Recipe } from "../recipes/recipe";

/** `GET /recipes/{recipe_id}`. */
export const getRecipe = async (deps: Pick<CookDeps, "recipes">, recipeId: string): Promise<Recipe> => {
  const id = parseOrThrow(RecipeIdSchema, recipeId, "recipe_id");
  const recipe = await deps.recipes.getRecipe(id);
  if (!recipe) throw new NotFoundError(`Recipe ${id} not found`);
  return recipe;
};
