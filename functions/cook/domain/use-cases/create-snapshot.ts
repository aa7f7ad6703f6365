import { DomainRefusedError } from "../../../core/errors";
import { parseOrThrow } from "../../../core/validation";
import { SnapshotIdSchema } from "../ids";
import type { CookDeps } from "../ports/cook-deps";
import { CreateSnapshotBodySchema, type Snapshot, type SnapshotView } from "../snapshots/snapshot";
import { toSnapshotView } from "../snapshots/snapshot-view";

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
