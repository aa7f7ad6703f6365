import { describe, expect, it } from "vitest";
import {
  createOrReplaceRecipe,
  createSnapshot,
  createVariantFromOps,
  getRecipe,
  getShoppingList,
  getSnapshot,
} from "../../../../functions/cook/domain";
import { ConflictError, DomainRefusedError, ValidationError } from "../../../../functions/core/errors";
import { createCookTestDeps } from "../../../support/cook/cook-test-deps";
import {
  BUNDLE,
  createPlannedDeps,
  REPLACE_CHICKEN_WITH_TOFU,
  SNAPSHOT_ID,
} from "../../../support/cook/plan";
import { allRecipes } from "../../../support/cook/recipes";

describe("recipes", () => {
  it("creates, then replaces, a recipe and reads it back", async () => {
    const deps = createCookTestDeps();
    const body = { name: "Toast", ingredients_raw: ["1 slice bread"], steps: ["Toast it."] };
    expect((await createOrReplaceRecipe(deps, { recipe_id: "toast", body })).created).toBe(true);
    const replaced = await createOrReplaceRecipe(deps, {
      recipe_id: "toast",
      body: { ...body, servings: 1 },
    });
    expect(replaced).toEqual({ created: false, recipe: { recipe_id: "toast", ...body, servings: 1 } });
    expect(await getRecipe(deps, "toast")).toEqual(replaced.recipe);
  });

  it("refuses a bad recipe body or id with a 400 naming the fields, and a missing recipe with a 404", async () => {
    const deps = createCookTestDeps();
    await expect(
      createOrReplaceRecipe(deps, { recipe_id: "toast", body: { name: "" } }),
    ).rejects.toMatchObject({
      issues: expect.arrayContaining([
        expect.objectContaining({ path: "name" }),
        expect.objectContaining({ path: "ingredients_raw" }),
      ]),
    });
    await expect(
      createOrReplaceRecipe(deps, {
        recipe_id: "a:b",
        body: { name: "x", ingredients_raw: ["1 egg"], steps: [] },
      }),
    ).rejects.toBeInstanceOf(ValidationError);
    await expect(getRecipe(deps, "missing")).rejects.toMatchObject({ category: "not_found" });
  });
});

describe("snapshots", () => {
  it("creates a snapshot with a generated id when none is given", async () => {
    const deps = createCookTestDeps({ recipes: allRecipes });
    const view = await createSnapshot(deps, {
      planned_meals: [{ date: "2025-01-06", meal_type: "dinner", recipe_id: "123456" }],
    });
    expect(view).toEqual({
      snapshot_id: "snap_1",
      created_at: "2025-12-27T10:00:00.000Z",
      planned_meals: [{ date: "2025-01-06", meal_type: "dinner", recipe_id: "123456", modified: false }],
    });
  });

  it("refuses recipe ids that do not exist, components included, with 422 unknown_recipe", async () => {
    const deps = createCookTestDeps({ recipes: allRecipes });
    const attempt = createSnapshot(deps, {
      planned_meals: [
        {
          date: "2025-01-06",
          meal_type: "dinner",
          recipe_id: "nope",
          components: [{ role: "side", recipe_id: "nada" }],
        },
      ],
    });
    await expect(attempt).rejects.toBeInstanceOf(DomainRefusedError);
    await expect(attempt).rejects.toMatchObject({
      code: "unknown_recipe",
      details: { recipe_ids: ["nope", "nada"] },
    });
    expect(await deps.plans.getSnapshot("snap_1")).toBeNull();
  });

  it("refuses a snapshot id that is taken with a 409, and a bad body with a 400", async () => {
    const deps = await createPlannedDeps();
    const body = {
      snapshot_id: SNAPSHOT_ID,
      planned_meals: [{ date: "2025-01-06", meal_type: "dinner", recipe_id: "123456" }],
    };
    await expect(createSnapshot(deps, body)).rejects.toBeInstanceOf(ConflictError);
    await expect(
      createSnapshot(deps, { planned_meals: [{ date: "2025-02-30", meal_type: "dinner", recipe_id: "x" }] }),
    ).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: "planned_meals.0.date" })],
    });
  });

  it("shows meals in date and meal order, each flagged modified or not", async () => {
    const deps = await createPlannedDeps();
    await createVariantFromOps(deps, { ...BUNDLE, ops: [REPLACE_CHICKEN_WITH_TOFU] });
    const view = await getSnapshot(deps, SNAPSHOT_ID);
    expect(view.planned_meals.map((meal) => [meal.date, meal.meal_type, meal.modified])).toEqual([
      ["2025-01-03", "dinner", false],
      ["2025-01-04", "lunch", false],
      ["2025-01-05", "dinner", true],
    ]);
    expect(view.planned_meals[0]).not.toHaveProperty("variant");
    await expect(getSnapshot(deps, "unknown")).rejects.toMatchObject({ category: "not_found" });
  });
});

describe("getShoppingList", () => {
  it("aggregates across a bundle's components, with provenance per meal and recipe", async () => {
    const deps = await createPlannedDeps();
    const list = await getShoppingList(deps, SNAPSHOT_ID);
    const oliveOil = list.items.find((item) => item.name === "olive oil");
    // 2 tbsp in the lentil soup (lunch) + 3 tbsp in the Greek salad side (Sunday dinner).
    expect(oliveOil).toMatchObject({ quantity: 5, unit: "tablespoon" });
    expect(oliveOil?.sources).toEqual([
      { date: "2025-01-04", meal_type: "lunch", recipe_id: "lentil-soup" },
      { date: "2025-01-05", meal_type: "dinner", recipe_id: "greek-salad" },
    ]);
    const garlic = list.items.find((item) => item.name === "garlic");
    // 3 cloves in each stir fry and 2 in the garlic bread.
    expect(garlic).toMatchObject({ quantity: 8, unit: "clove" });
  });

  it("uses the stored compiled variant for a modified meal and the base recipe for the rest", async () => {
    const deps = await createPlannedDeps();
    await createVariantFromOps(deps, { ...BUNDLE, ops: [REPLACE_CHICKEN_WITH_TOFU] });
    const list = await getShoppingList(deps, SNAPSHOT_ID);
    expect(list.items.find((item) => item.name === "firm tofu")?.sources).toEqual([
      { date: BUNDLE.date, meal_type: BUNDLE.meal_type, recipe_id: "variant:snap_abc123:2025-01-05:dinner" },
    ]);
    expect(list.items.find((item) => item.name === "chicken thigh")).toMatchObject({
      quantity: 500,
      sources: [{ date: "2025-01-03", meal_type: "dinner", recipe_id: "123456" }],
    });
  });

  it("lists a recipe that no longer exists under unparsed instead of dropping it", async () => {
    const deps = await createPlannedDeps();
    deps.recipes.getRecipes = async () => new Map();
    const list = await getShoppingList(deps, SNAPSHOT_ID);
    expect(list.items).toEqual([]);
    expect(list.unparsed).toContainEqual({
      line: "(recipe lentil-soup)",
      reason: "recipe not found",
      source: { date: "2025-01-04", meal_type: "lunch", recipe_id: "lentil-soup" },
    });
  });
});
