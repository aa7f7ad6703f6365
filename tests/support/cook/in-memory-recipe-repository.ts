import type { RecipeRepository } from "../../../functions/cook/domain/ports/recipe-repository";
import type { Recipe } from "../../../functions/cook/domain/recipes/recipe";

/** RecipeRepository in memory; copies in and out, like a real store. */
export class InMemoryRecipeRepository implements RecipeRepository {
  private readonly recipes = new Map<string, Recipe>();

  constructor(initial: readonly Recipe[] = []) {
    for (const recipe of initial) this.recipes.set(recipe.recipe_id, structuredClone(recipe));
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
    return { created };
  }
}
