import { NotFoundError } from "../../../core/errors";
import { parseOrThrow } from "../../../core/validation";
import { RecipeIdSchema } from "../ids";
import { type Recipe, RecipeBodySchema } from "../recipe";
import type { CookDeps } from "./cook-deps";

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

/** `GET /recipes/{recipe_id}`. */
export const getRecipe = async (deps: Pick<CookDeps, "recipes">, recipeId: string): Promise<Recipe> => {
  const id = parseOrThrow(RecipeIdSchema, recipeId, "recipe_id");
  const recipe = await deps.recipes.getRecipe(id);
  if (!recipe) throw new NotFoundError(`Recipe ${id} not found`);
  return recipe;
};
