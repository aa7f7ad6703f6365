import type { CookDeps } from "../ports/cook-deps";
import type { Recipe } from "../recipes/recipe";
import type { MealType } from "../snapshots/planned-meal";
import type { PlannedMealView } from "../snapshots/snapshot";
import { getSnapshot } from "../use-cases/get-snapshot";
import { describePatchOp } from "./describe-patch-op";
import { weekdayNameOfDate } from "./weekday";

/** A planned meal with what the chat needs to talk about it: its weekday and its base recipe. */
export interface PlanMeal {
  view: PlannedMealView;
  weekday: string;
  /** The base recipe (ops index it); null when it no longer exists. */
  recipe: Recipe | null;
  recipeName: string;
  components: { role: string; recipe_id: string; recipe_name: string }[];
}

/** Reads the snapshot (404 when unknown) and the base recipes of its meals and components. */
export const loadPlanMeals = async (
  cook: Pick<CookDeps, "plans" | "recipes">,
  snapshotId: string,
): Promise<PlanMeal[]> => {
  const snapshot = await getSnapshot(cook, snapshotId);
  const ids = snapshot.planned_meals.flatMap((meal) => [
    meal.recipe_id,
    ...(meal.components ?? []).map((component) => component.recipe_id),
  ]);
  const recipes = await cook.recipes.getRecipes([...new Set(ids)]);
  const nameOf = (id: string): string => recipes.get(id)?.name ?? `(recipe ${id} not found)`;
  return snapshot.planned_meals.map((view) => {
    const recipe = recipes.get(view.recipe_id) ?? null;
    return {
      view,
      weekday: weekdayNameOfDate(view.date),
      recipe,
      recipeName: nameOf(view.recipe_id),
      components: (view.components ?? []).map((component) => ({
        role: component.role,
        recipe_id: component.recipe_id,
        recipe_name: nameOf(component.recipe_id),
      })),
    };
  });
};

/** "Friday 2025-01-03 dinner (Chicken Stir Fry)": how replies and summaries name a meal. */
export const describeMeal = (meal: { date: string; meal_type: MealType }, recipeName?: string): string =>
  `${weekdayNameOfDate(meal.date)} ${meal.date} ${meal.meal_type}${recipeName ? ` (${recipeName})` : ""}`;

/**
 * The plan as get_plan shows it to the model: each meal's date, weekday and meal type (how it addresses
 * modify_recipe and clear_variant), the base ingredient lines with their indexes (what patch ops target)
 * and, for a modified meal, its current ingredients and the changes made.
 */
export const toModelPlan = (snapshotId: string, meals: readonly PlanMeal[]) => ({
  snapshot_id: snapshotId,
  meals: meals.map(({ view, weekday, recipe, recipeName, components }) => ({
    date: view.date,
    weekday,
    meal_type: view.meal_type,
    recipe_name: recipeName,
    modified: view.modified,
    ingredients: (recipe?.ingredients_raw ?? []).map((line, index) => ({ index, line })),
    ...(view.variant
      ? {
          current_ingredients: view.variant.compiled_recipe.ingredients_raw,
          changes: view.variant.patch_ops.map(describePatchOp),
        }
      : {}),
    ...(components.length > 0 ? { components } : {}),
  })),
});
