import type { PlannedMeal } from "./planned-meal";
import { compareMeals, type PlannedMealView, type Snapshot, type SnapshotView } from "./snapshot";

/** A meal as clients see it: `modified` says whether it has a variant (the "Modified" badge). */
export const toPlannedMealView = (meal: PlannedMeal): PlannedMealView => ({
  date: meal.date,
  meal_type: meal.meal_type,
  recipe_id: meal.recipe_id,
  ...(meal.components === undefined ? {} : { components: meal.components }),
  modified: meal.variant !== undefined,
  ...(meal.variant === undefined ? {} : { variant: meal.variant }),
});

export const toSnapshotView = (snapshot: Snapshot): SnapshotView => ({
  snapshot_id: snapshot.snapshot_id,
  created_at: snapshot.created_at,
  planned_meals: [...snapshot.planned_meals].sort(compareMeals).map(toPlannedMealView),
});
