import { z } from "zod";
import type { ItemKey } from "../../core/db/keys";
import type { TenantTable } from "../../core/db/tenant-table";
import { ConflictError } from "../../core/errors";
import { mapWithConcurrency } from "../../core/map-with-concurrency";
import type { RecipeRepository } from "../domain/ports/recipe-repository";
import { type Recipe, RecipeSchema } from "../domain/recipes/recipe";

/**
 * One item per recipe, in its own partition (`RECIPE#{recipe_id}` under the tenant prefix), stored with
 * when it was first created; it also sits in gsi1 under `RECIPES` / `{created_at}#{recipe_id}` for
 * `GET /recipes` (newest first). A replacement keeps `created_at`, so the list's order never moves.
 */
const recipeKey = (recipeId: string): ItemKey => ({ pk: ["RECIPE", recipeId], sk: ["RECIPE"] });
const listIndex = (recipeId: string, createdAt: string): ItemKey => ({
  pk: ["RECIPES"],
  sk: [createdAt.replaceAll("#", ""), recipeId],
});

/** The stored item: the recipe and its creation time (absent on recipes stored before the list existed). */
const StoredRecipeSchema = RecipeSchema.extend({ created_at: z.iso.datetime().optional() });

/** A recipe replaced by two writers at once is re-read this often before the last one's 409. */
const PUT_ATTEMPTS = 4;

/**
 * Reads in flight for `getRecipes`: a 200-meal plan names a few dozen recipes at most, so 8 parallel gets
 * take a handful of round trips without hogging the SDK's connection pool.
 */
const RECIPE_READ_CONCURRENCY = 8;

/** RecipeRepository on the tenant-bound table; stored recipes are validated with RecipeSchema on read. */
export const createDynamoRecipeRepository = (
  table: TenantTable,
  now: () => Date = () => new Date(),
): RecipeRepository => {
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
      // Last writer wins; the read before it keeps the first creation time (a recipe stored before the
      // list existed takes its last write's), and its version lock says whether this write created it.
      for (let attempt = 1; ; attempt += 1) {
        const current = await table.get(recipeKey(recipe.recipe_id), StoredRecipeSchema);
        const createdAt = current ? (current.data.created_at ?? current.updatedAt) : now().toISOString();
        try {
          await table.put(
            recipeKey(recipe.recipe_id),
            { ...recipe, created_at: createdAt },
            {
              expectedVersion: current ? current.version : "absent",
              index: listIndex(recipe.recipe_id, createdAt),
            },
          );
          return { created: !current };
        } catch (error) {
          if (!(error instanceof ConflictError) || attempt >= PUT_ATTEMPTS) throw error;
        }
      }
    },

    async listRecipes({ limit, cursor }) {
      const page = await table.query(["RECIPES"], StoredRecipeSchema, {
        limit,
        descending: true,
        useIndex: true,
        ...(cursor ? { cursor } : {}),
      });
      return {
        recipes: page.items.map(({ data, updatedAt }) => ({
          recipe_id: data.recipe_id,
          name: data.name,
          ...(data.servings === undefined ? {} : { servings: data.servings }),
          created_at: data.created_at ?? updatedAt,
        })),
        ...(page.cursor ? { cursor: page.cursor } : {}),
      };
    },
  };
};
