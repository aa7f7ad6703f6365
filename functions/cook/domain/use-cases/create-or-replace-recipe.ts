import { parseOrThrow } from "../../../core/validation";
import { RecipeIdSchema } from "../ids";
import type { CookDeps } from "../ports/cook-deps";
import { type Recipe, RecipeBodySchema } from "../recipes/recipe";

/** `PUT /recipes/{recipe_id}`: creates or replaces a base recipe. Existing variants keep their compiled copy. */
export const createOrReplaceRecipe = async (
  deps: Pick<CookDeps, "recipes">,
  input: { recipe_id: string; body: unknown },
): Promise<{ recipe: Recipe; created: boolean }> => {
  const recipeId = parseOrThrow(RecipeIdSchema, input.recipe_id, "recipe_id");
  const body = parseOrThrow(RecipeBodySchema, input.body, "body");
  const recipe: Recipe = { recipe_id: recipeId, ...body };
  const { created } = await deps.recipes.putRecipe(recipe);
  return { recipe, created };
};
