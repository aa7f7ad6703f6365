import type { CookDeps } from "../ports/cook-deps";
import type { RecipeListEntry } from "../ports/recipe-repository";

/** `GET /recipes`: the tenant's base recipes, newest created first, a page at a time. */
export const listRecipes = async (
  deps: Pick<CookDeps, "recipes">,
  args: { limit: number; cursor?: string },
): Promise<{ recipes: RecipeListEntry[]; nextCursor?: string }> => {
  const page = await deps.recipes.listRecipes(args);
  return { recipes: page.recipes, ...(page.cursor ? { nextCursor: page.cursor } : {}) };
};
