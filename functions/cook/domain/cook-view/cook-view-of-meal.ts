import type { CookDeps } from "../ports/cook-deps";
import type { Recipe } from "../recipes/recipe";
import type { PlannedMeal } from "../snapshots/planned-meal";
import type { RecipeVariant } from "../variants/recipe-variant";
import type { CookRecipe, CookSection, CookView } from "./cook-view";

/** The recipe as the cook view shows it. */
export const toCookRecipe = (recipe: Recipe): CookRecipe => ({
  id: recipe.recipe_id,
  name: recipe.name,
  ...(recipe.servings === undefined ? {} : { servings: recipe.servings }),
  ingredients_raw: recipe.ingredients_raw,
  steps: recipe.steps,
});

/** The bundle's sections: the (compiled) main recipe first, then each component in its role. */
export const sectionsOf = async (
  deps: Pick<CookDeps, "recipes">,
  meal: PlannedMeal,
  main: CookRecipe,
): Promise<CookSection[]> => {
  const components = meal.components ?? [];
  const recipes = await deps.recipes.getRecipes(components.map((component) => component.recipe_id));
  return [
    { role: "main", recipe: main },
    ...components.flatMap((component) => {
      const recipe = recipes.get(component.recipe_id);
      return recipe ? [{ role: component.role, recipe: toCookRecipe(recipe) }] : [];
    }),
  ];
};

/** A modified meal's view: the stored compiled recipe (never recomputed) with its warnings. */
export const variantCookView = async (
  deps: Pick<CookDeps, "recipes">,
  meal: PlannedMeal,
  variant: RecipeVariant,
): Promise<CookView> => ({
  ...variant.compiled_recipe,
  modified: true,
  base_recipe_id: variant.base_recipe_id,
  warnings: variant.warnings,
  sections: await sectionsOf(deps, meal, variant.compiled_recipe),
});
