import { describe, expect, it } from "vitest";
import {
  createVariantFromOps,
  getMealCookView,
  LOG_TAGS,
  lookupCookRecipe,
} from "../../../../functions/cook/domain";
import { ValidationError } from "../../../../functions/core/errors";
import { BUNDLE, createPlannedDeps, DINNER, REPLACE_CHICKEN_WITH_TOFU } from "../../../support/cook/plan";
import { chickenStirFry, garlicBread, greekSalad } from "../../../support/cook/recipes";

const DINNER_VARIANT = "variant:snap_abc123:2025-01-03:dinner";

describe("lookupCookRecipe (seed 001's variant lookup algorithm)", () => {
  it("returns the stored compiled recipe of the meal matching (date, meal_type), with its warnings", async () => {
    const deps = await createPlannedDeps();
    const { variant } = await createVariantFromOps(deps, { ...DINNER, ops: [REPLACE_CHICKEN_WITH_TOFU] });
    const view = await lookupCookRecipe(deps, DINNER_VARIANT);
    expect(view).toEqual({
      ...variant?.compiled_recipe,
      modified: true,
      base_recipe_id: "123456",
      warnings: variant?.warnings,
      sections: [{ role: "main", recipe: variant?.compiled_recipe }],
    });
    expect(deps.logger.tagged(LOG_TAGS.variantLookup)[0]?.extra).toMatchObject({ variant_found: true });
  });

  it("answers 404 when the meal has no variant, and logs the miss", async () => {
    const deps = await createPlannedDeps();
    await expect(lookupCookRecipe(deps, DINNER_VARIANT)).rejects.toMatchObject({ category: "not_found" });
    expect(deps.logger.tagged(LOG_TAGS.variantLookup)[0]?.extra).toMatchObject({
      meal_found: true,
      variant_found: false,
    });
  });

  it("answers 404 for an unknown snapshot or a meal not in the plan", async () => {
    const deps = await createPlannedDeps();
    for (const id of ["variant:nope:2025-01-03:dinner", "variant:snap_abc123:2025-01-03:lunch"]) {
      await expect(lookupCookRecipe(deps, id)).rejects.toMatchObject({ category: "not_found" });
    }
  });

  it("answers 400 for a malformed variant id or recipe id", async () => {
    const deps = await createPlannedDeps();
    for (const id of ["variant:snap_abc123:2025-02-30:dinner", "variant:snap_abc123:dinner", "a/b"]) {
      await expect(lookupCookRecipe(deps, id), id).rejects.toBeInstanceOf(ValidationError);
    }
  });

  it("serves a plain recipe id as the base recipe, unmodified", async () => {
    const deps = await createPlannedDeps();
    const view = await lookupCookRecipe(deps, "123456");
    expect(view).toMatchObject({
      id: "123456",
      name: "Chicken Stir Fry",
      modified: false,
      warnings: [],
      ingredients_raw: chickenStirFry.ingredients_raw,
    });
    await expect(lookupCookRecipe(deps, "unknown-recipe")).rejects.toMatchObject({ category: "not_found" });
  });

  it("shows a meal bundle's sections: the compiled main first, then each component in its role", async () => {
    const deps = await createPlannedDeps();
    await createVariantFromOps(deps, { ...BUNDLE, ops: [{ op: "scale_servings", scale_factor: 0.5 }] });
    const view = await lookupCookRecipe(deps, "variant:snap_abc123:2025-01-05:dinner");
    expect(view.sections.map((section) => [section.role, section.recipe.id])).toEqual([
      ["main", "variant:snap_abc123:2025-01-05:dinner"],
      ["side", greekSalad.recipe_id],
      ["side", garlicBread.recipe_id],
    ]);
    expect(view.sections[0]?.recipe.ingredients_raw[2]).toBe("1 cup white rice");
  });
});

describe("getMealCookView", () => {
  it("serves an unmodified bundle from its base recipe, with its sections", async () => {
    const deps = await createPlannedDeps();
    const view = await getMealCookView(deps, BUNDLE);
    expect(view).toMatchObject({ id: "123456", modified: false, warnings: [] });
    expect(view.sections.map((section) => [section.role, section.recipe.id])).toEqual([
      ["main", "123456"],
      ["side", greekSalad.recipe_id],
      ["side", garlicBread.recipe_id],
    ]);
  });

  it("serves a modified meal exactly as the variant lookup does", async () => {
    const deps = await createPlannedDeps();
    await createVariantFromOps(deps, { ...DINNER, ops: [REPLACE_CHICKEN_WITH_TOFU] });
    expect(await getMealCookView(deps, DINNER)).toEqual(await lookupCookRecipe(deps, DINNER_VARIANT));
  });

  it("answers 404 for a meal that is not planned and 400 for a bad address", async () => {
    const deps = await createPlannedDeps();
    await expect(getMealCookView(deps, { ...DINNER, meal_type: "snack" })).rejects.toMatchObject({
      category: "not_found",
    });
    await expect(getMealCookView(deps, { ...DINNER, date: "2025-13-01" })).rejects.toBeInstanceOf(
      ValidationError,
    );
  });
});
