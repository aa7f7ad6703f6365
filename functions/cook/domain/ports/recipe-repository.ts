import type { Recipe } from "../recipes/recipe";

/** One recipe as the tenant's list of recipes shows it (`GET /recipes`). */
export interface RecipeListEntry {
  recipe_id: string;
  name: string;
  servings?: number;
  /** When the recipe was first created (a replacement keeps it, so the list's order never moves). */
  created_at: string;
}

/** Port: the tenant's base recipes. The adapter is built per tenant. */
export interface RecipeRepository {
  getRecipe(recipeId: string): Promise<Recipe | null>;
  /** The recipes that exist among `recipeIds`, by id (missing ids are simply absent). */
  getRecipes(recipeIds: readonly string[]): Promise<Map<string, Recipe>>;
  /** Creates or replaces a recipe; says whether it was created. */
  putRecipe(recipe: Recipe): Promise<{ created: boolean }>;
  /**
   * The tenant's recipes, newest created first, a page at a time (a Query on an index entry written with
   * each recipe): recipes created or replaced between pages never shift a page.
   */
  listRecipes(options: {
    limit: number;
    cursor?: string;
  }): Promise<{ recipes: RecipeListEntry[]; cursor?: string }>;
}
