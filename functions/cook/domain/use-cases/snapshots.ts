import { DomainRefusedError, NotFoundError } from "../../../core/errors";
import { parseOrThrow } from "../../../core/validation";
import { SnapshotIdSchema } from "../ids";
import type { PlannedMeal } from "../planned-meal";
import {
  CreateSnapshotBodySchema,
  compareMeals,
  type PlannedMealView,
  type Snapshot,
  type SnapshotView,
} from "../snapshot";
import type { CookDeps } from "./cook-deps";

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

/**
 * `POST /plans`: stores a new snapshot. Every recipe it names (meals and their components) must exist,
 * else 422 `unknown_recipe` with the missing ids; an existing snapshot_id is a 409.
 */
export const createSnapshot = async (
  deps: Pick<CookDeps, "plans" | "recipes" | "clock" | "newId">,
  body: unknown,
): Promise<SnapshotView> => {
  const input = parseOrThrow(CreateSnapshotBodySchema, body, "body");
  const named = [
    ...new Set(
      input.planned_meals.flatMap((meal) => [
        meal.recipe_id,
        ...(meal.components ?? []).map((c) => c.recipe_id),
      ]),
    ),
  ];
  const found = await deps.recipes.getRecipes(named);
  const missing = named.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new DomainRefusedError(`Unknown recipe ids: ${missing.join(", ")}`, {
      code: "unknown_recipe",
      details: { recipe_ids: missing },
    });
  }
  const snapshot: Snapshot = {
    snapshot_id: input.snapshot_id ?? parseOrThrow(SnapshotIdSchema, deps.newId(), "generated snapshot_id"),
    created_at: deps.clock.now().toISOString(),
    planned_meals: input.planned_meals.map((meal) => ({ ...meal })),
  };
  await deps.plans.createSnapshot(snapshot);
  return toSnapshotView(snapshot);
};

/** `GET /plans/{snapshot_id}`: the stored snapshot; compiled variants are returned as stored, never recomputed. */
export const getSnapshot = async (
  deps: Pick<CookDeps, "plans">,
  snapshotId: string,
): Promise<SnapshotView> => {
  const id = parseOrThrow(SnapshotIdSchema, snapshotId, "snapshot_id");
  const snapshot = await deps.plans.getSnapshot(id);
  if (!snapshot) throw new NotFoundError(`Snapshot ${id} not found`);
  return toSnapshotView(snapshot);
};
