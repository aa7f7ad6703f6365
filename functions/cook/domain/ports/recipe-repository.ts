import type { Recipe } from "../recipes/recipe";

/** Port: the tenant's base recipes. The adapter is built per tenant. */
export interface RecipeRepository {
  getRecipe(recipeId: string): Promise<Recipe | null>;
  /** The recipes that exist among `recipeIds`, by id (missing ids are simply absent). */
  getRecipes(recipeIds: readonly string[]): Promise<Map<string, Recipe>>;
  /** Creates or replaces a recipe; says whether it was created. */
  putRecipe(recipe: Recipe): Promise<{ created: boolean }>;
}
