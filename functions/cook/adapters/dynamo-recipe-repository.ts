import type { ItemKey } from "../../core/db/keys";
import type { TenantTable } from "../../core/db/tenant-table";
import type { RecipeRepository } from "../domain/ports/recipe-repository";
import { type Recipe, RecipeSchema } from "../domain/recipes/recipe";
import { mapWithConcurrency } from "./map-with-concurrency";

/** One item per recipe, in its own partition (`RECIPE#{recipe_id}` under the tenant prefix). */
const recipeKey = (recipeId: string): ItemKey => ({ pk: ["RECIPE", recipeId], sk: ["RECIPE"] });

/**
 * Reads in flight for `getRecipes`: a 200-meal plan names a few dozen recipes at most, so 8 parallel gets
 * take a handful of round trips without hogging the SDK's connection pool.
 */
const RECIPE_READ_CONCURRENCY = 8;

/** RecipeRepository on the tenant-bound table; stored recipes are validated with RecipeSchema on read. */
export const createDynamoRecipeRepository = (table: TenantTable): RecipeRepository => {
  const getRecipe = async (recipeId: string): Promise<Recipe | null> =>
    (await table.get(recipeKey(recipeId), RecipeSchema))?.data ?? null;

  return {
    getRecipe,

    async getRecipes(recipeIds: readonly string[]): Promise<Map<string, Recipe>> {
      const unique = [...new Set(recipeIds)];
      const read = await mapWithConcurrency(unique, RECIPE_READ_CONCURRENCY, async (id) => ({
        id,
        recipe: await getRecipe(id),
      }));
      const found = new Map<string, Recipe>();
      for (const { id, recipe } of read) if (recipe) found.set(id, recipe);
      return found;
    },

    async putRecipe(recipe: Recipe): Promise<{ created: boolean }> {
      // Last writer wins, and the write says which it was: every write adds 1 to the version, so
      // version 1 means no item existed before this one (recipes are never deleted).
      const version = await table.put(recipeKey(recipe.recipe_id), recipe, { expectedVersion: "any" });
      return { created: version === 1 };
    },
  };
};
