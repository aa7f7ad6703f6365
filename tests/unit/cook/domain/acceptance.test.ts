import { describe, expect, it } from "vitest";
import {
  clearVariant,
  createSnapshot,
  createVariantFromInstruction,
  getShoppingList,
  getSnapshot,
  lookupCookRecipe,
} from "../../../../functions/cook/domain";
import { createCookTestDeps } from "../../../support/cook/cook-test-deps";
import { createPlannedDeps, DINNER, SNAPSHOT_ID } from "../../../support/cook/plan";
import { allRecipes } from "../../../support/cook/recipes";

const names = (list: { items: { name: string }[] }) => list.items.map((item) => item.name);

/** Seed 001's acceptance criteria for phase 1, through the use cases on in-memory repositories. */
describe("seed 001 acceptance", () => {
  it("variant ingredient appears in the final shopping list output: tofu in, chicken out", async () => {
    // Create plan with "chicken".
    const deps = createCookTestDeps({ recipes: allRecipes });
    await createSnapshot(deps, {
      snapshot_id: SNAPSHOT_ID,
      planned_meals: [
        { date: DINNER.date, meal_type: DINNER.meal_type, recipe_id: "123456" },
        { date: "2025-01-04", meal_type: "lunch", recipe_id: "lentil-soup" },
      ],
    });
    expect(names(await getShoppingList(deps, SNAPSHOT_ID))).toContain("chicken thigh");

    // Apply variant: replace "chicken" with "tofu".
    const result = await createVariantFromInstruction(deps, {
      ...DINNER,
      instruction: "replace chicken with tofu",
    });
    expect(result.needs_clarification).toBe(false);

    // Generate shopping list: "tofu" in the final list, "chicken" not.
    const after = await getShoppingList(deps, SNAPSHOT_ID);
    expect(names(after).some((name) => name.includes("tofu"))).toBe(true);
    expect(names(after).some((name) => name.includes("chicken"))).toBe(false);
    expect(after.items.find((item) => item.name === "tofu")).toMatchObject({
      display: "tofu: 500 g",
      sources: [
        {
          date: DINNER.date,
          meal_type: DINNER.meal_type,
          recipe_id: "variant:snap_abc123:2025-01-03:dinner",
        },
      ],
    });
  });

  it("swap via instruction creates a variant; reload changes nothing; the cook route serves it; clear undoes it", async () => {
    const deps = await createPlannedDeps();
    const result = await createVariantFromInstruction(deps, {
      ...DINNER,
      instruction: "swap the rice for brown rice",
    });
    if (result.needs_clarification) throw new Error(result.clarification_message);
    expect(result.variant?.compiled_recipe.ingredients_raw).toContain("2 cups brown rice");

    // Reload: the stored snapshot serves the same variant, byte for byte, every time.
    const first = await getSnapshot(deps, SNAPSHOT_ID);
    deps.clock.advance(60_000);
    const second = await getSnapshot(deps, SNAPSHOT_ID);
    expect(second).toEqual(first);
    const dinner = first.planned_meals.find(
      (m) => m.date === DINNER.date && m.meal_type === DINNER.meal_type,
    );
    expect(dinner?.modified).toBe(true);
    expect(dinner?.variant).toEqual(result.variant);

    const cook = await lookupCookRecipe(deps, "variant:snap_abc123:2025-01-03:dinner");
    expect(cook.name).toBe("Chicken Stir Fry (modified)");
    expect(cook.ingredients_raw).toContain("2 cups brown rice");

    await clearVariant(deps, DINNER);
    const cleared = await getSnapshot(deps, SNAPSHOT_ID);
    const clearedDinner = cleared.planned_meals.find(
      (m) => m.date === DINNER.date && m.meal_type === DINNER.meal_type,
    );
    expect(clearedDinner).toEqual({
      date: DINNER.date,
      meal_type: DINNER.meal_type,
      recipe_id: "123456",
      modified: false,
    });
    await expect(lookupCookRecipe(deps, "variant:snap_abc123:2025-01-03:dinner")).rejects.toMatchObject({
      category: "not_found",
    });
  });
});
