import { describe, expect, it } from "vitest";
import {
  createVariantFromOps,
  getSnapshot,
  MAX_SAVE_ATTEMPTS,
  type PlannedMeal,
} from "../../../functions/cook/domain";
import { ConflictError } from "../../../functions/core/errors";
import { createPlannedDeps, DINNER, LUNCH, REPLACE_CHICKEN_WITH_TOFU, SNAPSHOT_ID } from "./support/plan";

describe("concurrent meal edits", () => {
  it("never loses an edit: the loser of a race re-reads, re-merges and re-applies", async () => {
    let interleaved = false;
    const deps = await createPlannedDeps({
      plans: {
        // The first save of the tofu request finds that another request added lime in the meantime.
        beforeSaveMeal: async () => {
          if (interleaved) return;
          interleaved = true;
          await createVariantFromOps(deps, {
            ...DINNER,
            ops: [{ op: "add_ingredient", new_ingredient: "1 lime" }],
          });
        },
      },
    });
    const { variant } = await createVariantFromOps(deps, { ...DINNER, ops: [REPLACE_CHICKEN_WITH_TOFU] });
    expect(variant?.patch_ops.map((op) => op.op).sort()).toEqual(["add_ingredient", "replace_ingredient"]);
    expect(variant?.compiled_recipe.ingredients_raw[0]).toBe("400 g firm tofu");
    expect(variant?.compiled_recipe.ingredients_raw.at(-1)).toBe("1 lime");
    expect(deps.logger.records.some((r) => r.level === "warn" && r.message.includes("retrying"))).toBe(true);
  });

  it("gives up with a 409 after a bounded number of lost races", async () => {
    let saves = 0;
    const deps = await createPlannedDeps();
    deps.plans.saveMeal = async () => {
      saves += 1;
      throw new ConflictError("stale version");
    };
    await expect(
      createVariantFromOps(deps, { ...DINNER, ops: [REPLACE_CHICKEN_WITH_TOFU] }),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(saves).toBe(MAX_SAVE_ATTEMPTS);
  });

  it("edits of different meals of one snapshot never conflict", async () => {
    const deps = await createPlannedDeps();
    await Promise.all([
      createVariantFromOps(deps, { ...DINNER, ops: [REPLACE_CHICKEN_WITH_TOFU] }),
      createVariantFromOps(deps, { ...LUNCH, ops: [{ op: "scale_servings", scale_factor: 2 }] }),
    ]);
    const snapshot = await getSnapshot(deps, SNAPSHOT_ID);
    expect(snapshot.planned_meals.filter((meal) => meal.modified)).toHaveLength(2);
    expect(deps.logger.records.filter((r) => r.message.includes("retrying"))).toEqual([]);
  });

  it("the in-memory repository refuses a stale version, as the real one must", async () => {
    const deps = await createPlannedDeps();
    const current = await deps.plans.getMeal(SNAPSHOT_ID, DINNER.date, DINNER.meal_type);
    if (!current) throw new Error("meal missing");
    const meal: PlannedMeal = { ...current.meal, recipe_id: "lentil-soup" };
    await deps.plans.saveMeal(SNAPSHOT_ID, meal, current.version);
    await expect(deps.plans.saveMeal(SNAPSHOT_ID, meal, current.version)).rejects.toBeInstanceOf(
      ConflictError,
    );
  });
});
