import { createSnapshot } from "../../../functions/cook/domain";
import { type CookTestDeps, createCookTestDeps } from "./cook-test-deps";
import { allRecipes } from "./recipes";

export const SNAPSHOT_ID = "snap_abc123";
export const DINNER = { snapshot_id: SNAPSHOT_ID, date: "2025-01-03", meal_type: "dinner" } as const;
export const LUNCH = { snapshot_id: SNAPSHOT_ID, date: "2025-01-04", meal_type: "lunch" } as const;
export const BUNDLE = { snapshot_id: SNAPSHOT_ID, date: "2025-01-05", meal_type: "dinner" } as const;

/** A plan with the seed's chicken stir fry on Friday dinner, soup for lunch and a bundle on Sunday. */
export const createPlannedDeps = async (
  options: Parameters<typeof createCookTestDeps>[0] = {},
): Promise<CookTestDeps> => {
  const deps = createCookTestDeps({ recipes: allRecipes, ...options });
  await createSnapshot(deps, {
    snapshot_id: SNAPSHOT_ID,
    planned_meals: [
      { date: DINNER.date, meal_type: DINNER.meal_type, recipe_id: "123456" },
      { date: LUNCH.date, meal_type: LUNCH.meal_type, recipe_id: "lentil-soup" },
      {
        date: BUNDLE.date,
        meal_type: BUNDLE.meal_type,
        recipe_id: "123456",
        components: [
          { role: "side", recipe_id: "greek-salad" },
          { role: "side", recipe_id: "garlic-bread" },
        ],
      },
    ],
  });
  return deps;
};

export const REPLACE_CHICKEN_WITH_TOFU = {
  op: "replace_ingredient",
  target_index: 0,
  target_name: "chicken",
  replacement: { name: "firm tofu", quantity: "400 g" },
} as const;
