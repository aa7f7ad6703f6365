import { describe, expect, it } from "vitest";
import {
  clearVariant,
  createOrReplaceRecipe,
  createVariantFromOps,
  getSnapshot,
  LOG_TAGS,
} from "../../../../functions/cook/domain";
import { DomainRefusedError, ValidationError } from "../../../../functions/core/errors";
import {
  BUNDLE,
  createPlannedDeps,
  DINNER,
  REPLACE_CHICKEN_WITH_TOFU,
  SNAPSHOT_ID,
} from "../../../support/cook/plan";
import { chickenStirFry } from "../../../support/cook/recipes";

describe("createVariantFromOps", () => {
  it("stores the seed's variant shape on the meal", async () => {
    const deps = await createPlannedDeps();
    const { variant, meal } = await createVariantFromOps(deps, {
      ...DINNER,
      ops: [REPLACE_CHICKEN_WITH_TOFU],
    });
    expect(variant).toEqual({
      variant_id: "variant:snap_abc123:2025-01-03:dinner",
      base_recipe_id: "123456",
      patch_ops: [{ ...REPLACE_CHICKEN_WITH_TOFU, acknowledged: false, reason: "user_request" }],
      compiled_recipe: {
        id: "variant:snap_abc123:2025-01-03:dinner",
        name: "Chicken Stir Fry (modified)",
        servings: 4,
        ingredients_raw: ["400 g firm tofu", ...chickenStirFry.ingredients_raw.slice(1)],
        steps: chickenStirFry.steps,
      },
      warnings: ["The steps still mention chicken thigh; use firm tofu there instead."],
      compiled_at: "2025-12-27T10:00:00.000Z",
      compiler_version: "v0",
    });
    expect(meal).toMatchObject({ modified: true, variant });
  });

  it("refuses an invalid patch with 422 patch_invalid and the reasons, writing nothing", async () => {
    const deps = await createPlannedDeps();
    const attempt = createVariantFromOps(deps, {
      ...DINNER,
      ops: [
        { ...REPLACE_CHICKEN_WITH_TOFU, target_name: "beef" },
        { op: "remove_ingredient", target_index: 5, target_name: "garlic" },
      ],
    });
    await expect(attempt).rejects.toBeInstanceOf(DomainRefusedError);
    await expect(attempt).rejects.toMatchObject({
      code: "patch_invalid",
      details: {
        reasons: [
          'op 0 (replace_ingredient): target_name "beef" does not match ingredient 0 ("500 g chicken thighs, cut into strips")',
          "op 1 (remove_ingredient): removing an ingredient requires acknowledged: true",
        ],
      },
    });
    expect(deps.plans.savedMeals).toEqual([]);
    expect(deps.logger.tagged(LOG_TAGS.patchValidate)[0]?.extra).toMatchObject({ passed: false });
  });

  it("refuses a body that is not a list of ops with a 400 naming the field", async () => {
    const deps = await createPlannedDeps();
    await expect(
      createVariantFromOps(deps, { ...DINNER, ops: [{ op: "edit_step" }] }),
    ).rejects.toBeInstanceOf(ValidationError);
    await expect(createVariantFromOps(deps, { ...DINNER, ops: "double" })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(
      createVariantFromOps(deps, { ...DINNER, meal_type: "brunch", ops: [] }),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it("answers 404 for a meal that is not in the plan", async () => {
    const deps = await createPlannedDeps();
    await expect(
      createVariantFromOps(deps, { ...DINNER, date: "2025-01-09", ops: [REPLACE_CHICKEN_WITH_TOFU] }),
    ).rejects.toMatchObject({ category: "not_found" });
  });

  it("adds a later request's ops to the variant and recompiles from the base", async () => {
    const deps = await createPlannedDeps();
    await createVariantFromOps(deps, { ...DINNER, ops: [REPLACE_CHICKEN_WITH_TOFU] });
    const { variant } = await createVariantFromOps(deps, {
      ...DINNER,
      ops: [{ op: "scale_servings", scale_factor: 2 }],
    });
    expect(variant?.patch_ops.map((op) => op.op)).toEqual(["replace_ingredient", "scale_servings"]);
    expect(variant?.compiled_recipe.ingredients_raw.slice(0, 3)).toEqual([
      "400 g firm tofu",
      "4 tbsp soy sauce",
      "4 cups white rice",
    ]);
  });

  it("lets a later op on the same target supersede the earlier one", async () => {
    const deps = await createPlannedDeps();
    await createVariantFromOps(deps, { ...DINNER, ops: [REPLACE_CHICKEN_WITH_TOFU] });
    const { variant } = await createVariantFromOps(deps, {
      ...DINNER,
      ops: [{ ...REPLACE_CHICKEN_WITH_TOFU, replacement: { name: "tempeh", quantity: "300 g" } }],
    });
    expect(variant?.patch_ops).toHaveLength(1);
    expect(variant?.compiled_recipe.ingredients_raw[0]).toBe("300 g tempeh");
  });

  it("sending the same request again changes nothing but compiled_at", async () => {
    const deps = await createPlannedDeps();
    const first = await createVariantFromOps(deps, { ...DINNER, ops: [REPLACE_CHICKEN_WITH_TOFU] });
    deps.clock.advance(1000);
    const second = await createVariantFromOps(deps, { ...DINNER, ops: [REPLACE_CHICKEN_WITH_TOFU] });
    const { compiled_at: _first, ...firstRest } = first.variant ?? {};
    const { compiled_at: _second, ...secondRest } = second.variant ?? {};
    expect(secondRest).toEqual(firstRest);
  });

  it("keeps the stored compiled recipe when the base recipe changes later", async () => {
    const deps = await createPlannedDeps();
    const { variant } = await createVariantFromOps(deps, { ...DINNER, ops: [REPLACE_CHICKEN_WITH_TOFU] });
    await createOrReplaceRecipe(deps, {
      recipe_id: "123456",
      body: { ...chickenStirFry, recipe_id: undefined, name: "Renamed Stir Fry" },
    });
    const snapshot = await getSnapshot(deps, SNAPSHOT_ID);
    expect(snapshot.planned_meals.find((m) => m.date === DINNER.date)?.variant).toEqual(variant);
  });

  describe("after the base recipe was replaced", () => {
    /** The stir fry without its chicken line: the stored tofu op (index 0, "chicken") no longer fits. */
    const replaceBaseWithoutChicken = (deps: Awaited<ReturnType<typeof createPlannedDeps>>) =>
      createOrReplaceRecipe(deps, {
        recipe_id: "123456",
        body: {
          ...chickenStirFry,
          recipe_id: undefined,
          ingredients_raw: chickenStirFry.ingredients_raw.slice(1),
        },
      });
    const ADD_LIME = { op: "add_ingredient", new_ingredient: "1 lime" } as const;

    it("says the stored variant no longer fits its changed base (422 variant_outdated), not that the new ops are wrong", async () => {
      const deps = await createPlannedDeps();
      await createVariantFromOps(deps, { ...DINNER, ops: [REPLACE_CHICKEN_WITH_TOFU] });
      await replaceBaseWithoutChicken(deps);
      const savesBefore = deps.plans.savedMeals.length;

      const attempt = createVariantFromOps(deps, { ...DINNER, ops: [ADD_LIME] });
      await expect(attempt).rejects.toBeInstanceOf(DomainRefusedError);
      const error = await attempt.catch((caught: unknown) => caught);
      expect(error).toMatchObject({
        code: "variant_outdated",
        details: {
          base_recipe_id: "123456",
          stored_patch_ops: [{ ...REPLACE_CHICKEN_WITH_TOFU, acknowledged: false, reason: "user_request" }],
          reasons: [
            'op 0 (replace_ingredient): target_name "chicken" does not match ingredient 0 ("2 tbsp soy sauce")',
          ],
          reset: `DELETE /plans/${SNAPSHOT_ID}/meals/${DINNER.date}/${DINNER.meal_type}/variant`,
        },
      });
      const message = error instanceof Error ? error.message : "";
      expect(message).toContain("no longer fits its base recipe 123456");
      expect(message).toContain(
        `DELETE /plans/${SNAPSHOT_ID}/meals/${DINNER.date}/${DINNER.meal_type}/variant`,
      );
      expect(deps.plans.savedMeals).toHaveLength(savesBefore);
    });

    it("still names the new ops' own faults with patch_invalid first", async () => {
      const deps = await createPlannedDeps();
      await createVariantFromOps(deps, { ...DINNER, ops: [REPLACE_CHICKEN_WITH_TOFU] });
      await replaceBaseWithoutChicken(deps);
      await expect(
        createVariantFromOps(deps, { ...DINNER, ops: [{ op: "scale_servings", scale_factor: -1 }] }),
      ).rejects.toMatchObject({ code: "patch_invalid" });
    });

    it("applies the new ops when they supersede every stale stored op", async () => {
      const deps = await createPlannedDeps();
      await createVariantFromOps(deps, { ...DINNER, ops: [REPLACE_CHICKEN_WITH_TOFU] });
      await replaceBaseWithoutChicken(deps);
      const { variant } = await createVariantFromOps(deps, {
        ...DINNER,
        ops: [
          {
            ...REPLACE_CHICKEN_WITH_TOFU,
            target_name: "soy sauce",
            replacement: { name: "tamari", quantity: "2 tbsp" },
          },
        ],
      });
      expect(variant?.compiled_recipe.ingredients_raw[0]).toBe("2 tbsp tamari");
      expect(variant?.patch_ops).toHaveLength(1);
    });

    it("takes new ops again once the variant is cleared", async () => {
      const deps = await createPlannedDeps();
      await createVariantFromOps(deps, { ...DINNER, ops: [REPLACE_CHICKEN_WITH_TOFU] });
      await replaceBaseWithoutChicken(deps);
      await clearVariant(deps, DINNER);
      const { variant } = await createVariantFromOps(deps, { ...DINNER, ops: [ADD_LIME] });
      expect(variant?.compiled_recipe.ingredients_raw.at(-1)).toBe("1 lime");
    });
  });

  it("edits a bundle's components with meal edit ops, alongside or without ingredient ops", async () => {
    const deps = await createPlannedDeps();
    const result = await createVariantFromOps(deps, {
      ...BUNDLE,
      ops: [
        {
          op: "swap_component",
          target_index: 1,
          target_recipe_id: "garlic-bread",
          replacement: { recipe_id: "lentil-soup" },
        },
        { op: "add_ingredient", new_ingredient: "1 lime" },
      ],
    });
    expect(result.meal.components).toEqual([
      { role: "side", recipe_id: "greek-salad" },
      { role: "side", recipe_id: "lentil-soup" },
    ]);
    expect(result.variant?.compiled_recipe.ingredients_raw.at(-1)).toBe("1 lime");

    const componentsOnly = await createVariantFromOps(deps, {
      ...BUNDLE,
      ops: [{ op: "remove_component", target_index: 0, target_recipe_id: "greek-salad", acknowledged: true }],
    });
    expect(componentsOnly.meal.components).toEqual([{ role: "side", recipe_id: "lentil-soup" }]);
    expect(componentsOnly.variant).toEqual(result.variant);
  });

  it("refuses a meal edit naming a recipe that does not exist with patch_invalid", async () => {
    const deps = await createPlannedDeps();
    await expect(
      createVariantFromOps(deps, {
        ...BUNDLE,
        ops: [{ op: "add_component", component: { role: "side", recipe_id: "nope" } }],
      }),
    ).rejects.toMatchObject({
      code: "patch_invalid",
      details: { reasons: ["op 0 (add_component): recipe nope does not exist"] },
    });
  });

  it("logs the seed's tags for validation, apply and warnings", async () => {
    const deps = await createPlannedDeps();
    await createVariantFromOps(deps, { ...DINNER, ops: [REPLACE_CHICKEN_WITH_TOFU] });
    for (const tag of [LOG_TAGS.patchValidate, LOG_TAGS.patchApply, LOG_TAGS.warnGen, LOG_TAGS.warnStrip]) {
      expect(deps.logger.tagged(tag), tag).not.toHaveLength(0);
    }
    expect(deps.logger.tagged(LOG_TAGS.patchApply)[0]?.extra).toMatchObject({
      variant_id: "variant:snap_abc123:2025-01-03:dinner",
      ops: ["replace_ingredient"],
    });
  });
});

describe("warnings of a compiled variant", () => {
  it("come from the warnings generator, stripped of numeric times and temperatures and capped at 3", async () => {
    const seen: unknown[] = [];
    const deps = await createPlannedDeps({
      overrides: {
        warningsGenerator: async (input) => {
          seen.push(input);
          return [
            "Press the tofu for 20 minutes so it crisps.",
            "Fry the tofu at 200°C until golden.",
            "Tofu takes the sauce well.",
            "A fourth warning that goes beyond the cap.",
          ];
        },
      },
    });
    const { variant } = await createVariantFromOps(deps, { ...DINNER, ops: [REPLACE_CHICKEN_WITH_TOFU] });
    expect(variant?.warnings).toEqual([
      "Press the tofu so it crisps.",
      "Fry the tofu until golden.",
      "Tofu takes the sauce well.",
    ]);
    expect(seen[0]).toMatchObject({ base: { recipe_id: "123456" }, ops: [{ op: "replace_ingredient" }] });
    expect(deps.logger.tagged(LOG_TAGS.warnStrip)[0]?.extra).toMatchObject({ stripped: 2, kept: 3 });
  });

  it("fall back to the rule-based warnings when the generator fails or answers out of shape", async () => {
    for (const warningsGenerator of [
      async () => {
        throw new Error("model down");
      },
      async () => [42] as unknown as string[],
    ]) {
      const deps = await createPlannedDeps({ overrides: { warningsGenerator } });
      const { variant } = await createVariantFromOps(deps, { ...DINNER, ops: [REPLACE_CHICKEN_WITH_TOFU] });
      expect(variant?.warnings).toEqual([
        "The steps still mention chicken thigh; use firm tofu there instead.",
      ]);
      expect(
        deps.logger.records.some((r) => r.level === "warn" && r.message.startsWith(LOG_TAGS.warnGen)),
      ).toBe(true);
    }
  });
});
