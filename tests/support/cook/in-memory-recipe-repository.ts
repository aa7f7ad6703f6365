import type {
  RecipeListEntry,
  RecipeRepository,
} from "../../../functions/cook/domain/ports/recipe-repository";
import type { Recipe } from "../../../functions/cook/domain/recipes/recipe";

/** RecipeRepository in memory; copies in and out, like a real store. */
export class InMemoryRecipeRepository implements RecipeRepository {
  private readonly recipes = new Map<string, Recipe>();
  /** Creation order (a replacement keeps its place), for the list. */
  private readonly createdAt = new Map<string, string>();
  private serial = 0;

  constructor(initial: readonly Recipe[] = []) {
    for (const recipe of initial) void this.putRecipe(recipe);
  }

  async getRecipe(recipeId: string): Promise<Recipe | null> {
    const recipe = this.recipes.get(recipeId);
    return recipe ? structuredClone(recipe) : null;
  }

  async getRecipes(recipeIds: readonly string[]): Promise<Map<string, Recipe>> {
    const found = new Map<string, Recipe>();
    for (const id of recipeIds) {
      const recipe = this.recipes.get(id);
      if (recipe) found.set(id, structuredClone(recipe));
    }
    return found;
  }

  async putRecipe(recipe: Recipe): Promise<{ created: boolean }> {
    const created = !this.recipes.has(recipe.recipe_id);
    this.recipes.set(recipe.recipe_id, structuredClone(recipe));
    if (created) {
      this.serial += 1;
      this.createdAt.set(recipe.recipe_id, new Date(Date.UTC(2026, 0, 1) + this.serial).toISOString());
    }
    return { created };
  }

  /** Newest first; the cursor is the index of the next entry (a fake's cursor, opaque to callers). */
  async listRecipes(options: { limit: number; cursor?: string }) {
    const all: RecipeListEntry[] = [...this.recipes.values()]
      .map((r) => ({
        recipe_id: r.recipe_id,
        name: r.name,
        ...(r.servings === undefined ? {} : { servings: r.servings }),
        created_at: this.createdAt.get(r.recipe_id) ?? "",
      }))
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
    const start = options.cursor ? Number(options.cursor) : 0;
    const recipes = all.slice(start, start + options.limit);
    const next = start + options.limit;
    return { recipes, ...(next < all.length ? { cursor: String(next) } : {}) };
  }
}
