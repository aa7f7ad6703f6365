import { describe, expect, it } from "vitest";
import { clearVariant, createVariantFromOps, getSnapshot, LOG_TAGS } from "../../../../functions/cook/domain";
import {
  BUNDLE,
  createPlannedDeps,
  DINNER,
  REPLACE_CHICKEN_WITH_TOFU,
  SNAPSHOT_ID,
} from "../../../support/cook/plan";

describe("clearVariant (seed 001's undo)", () => {
  it("deletes the variant field, leaving the meal on its base recipe, and logs [VARIANT_CLEAR]", async () => {
    const deps = await createPlannedDeps();
    await createVariantFromOps(deps, { ...DINNER, ops: [REPLACE_CHICKEN_WITH_TOFU] });
    expect(await clearVariant(deps, DINNER)).toEqual({ cleared: true });
    const meal = await deps.plans.getMeal(SNAPSHOT_ID, DINNER.date, DINNER.meal_type);
    expect(meal?.meal).toEqual({ date: DINNER.date, meal_type: DINNER.meal_type, recipe_id: "123456" });
    expect(deps.logger.tagged(LOG_TAGS.variantClear)[0]?.extra).toMatchObject({ cleared: true });
  });

  it("is a no-op that writes nothing when the meal has no variant", async () => {
    const deps = await createPlannedDeps();
    expect(await clearVariant(deps, DINNER)).toEqual({ cleared: false });
    expect(deps.plans.savedMeals).toEqual([]);
  });

  it("keeps a bundle's components: they belong to the plan, not the variant", async () => {
    const deps = await createPlannedDeps();
    await createVariantFromOps(deps, { ...BUNDLE, ops: [REPLACE_CHICKEN_WITH_TOFU] });
    await clearVariant(deps, BUNDLE);
    const view = await getSnapshot(deps, SNAPSHOT_ID);
    expect(view.planned_meals.find((meal) => meal.date === BUNDLE.date)).toMatchObject({
      modified: false,
      components: [
        { role: "side", recipe_id: "greek-salad" },
        { role: "side", recipe_id: "garlic-bread" },
      ],
    });
  });

  it("answers 404 for a meal that is not in the plan", async () => {
    const deps = await createPlannedDeps();
    await expect(clearVariant(deps, { ...DINNER, meal_type: "snack" })).rejects.toMatchObject({
      category: "not_found",
    });
  });
});
