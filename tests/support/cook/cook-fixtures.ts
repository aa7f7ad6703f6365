import type { CreateSnapshotBody, PatchOpInput, RecipeBody } from "../../../functions/cook/domain";

/** Seed 001's running example: a stir fry whose first ingredient is chicken. */
export const CHICKEN_STIR_FRY_ID = "chicken-stir-fry";
export const chickenStirFry: RecipeBody = {
  name: "Chicken Stir Fry",
  servings: 4,
  ingredients_raw: [
    "500 g chicken breast, thinly sliced",
    "2 cups white rice",
    "3 tbsp soy sauce",
    "2 cloves garlic, minced",
    "1 red bell pepper, sliced",
    "salt to taste",
  ],
  steps: [
    "Cook the rice until tender.",
    "Stir-fry the chicken in a hot wok until browned.",
    "Add the garlic, pepper and soy sauce and serve over the rice.",
  ],
};

export const LENTIL_SOUP_ID = "red-lentil-soup";
export const lentilSoup: RecipeBody = {
  name: "Red Lentil Soup",
  servings: 4,
  ingredients_raw: ["250 g red lentils", "1 onion, chopped", "1 l vegetable stock", "2 tbsp olive oil"],
  steps: ["Soften the onion in the oil, add the lentils and stock and simmer until soft."],
};

export const GARLIC_BREAD_ID = "garlic-bread";
export const garlicBread: RecipeBody = {
  name: "Garlic Bread",
  ingredients_raw: ["1 baguette", "75 g butter, softened", "2 cloves garlic, crushed"],
  steps: ["Spread the garlic butter into the sliced baguette and bake until crisp."],
};

export const RECIPES: Record<string, RecipeBody> = {
  [CHICKEN_STIR_FRY_ID]: chickenStirFry,
  [LENTIL_SOUP_ID]: lentilSoup,
  [GARLIC_BREAD_ID]: garlicBread,
};

export const DINNER = { date: "2025-01-03", meal_type: "dinner" } as const;
export const LUNCH = { date: "2025-01-04", meal_type: "lunch" } as const;

/** A plan with the stir fry (and garlic bread on the side) for Friday dinner and soup for Saturday lunch. */
export const planBody = (snapshotId: string): CreateSnapshotBody => ({
  snapshot_id: snapshotId,
  planned_meals: [
    {
      ...DINNER,
      recipe_id: CHICKEN_STIR_FRY_ID,
      components: [{ role: "side", recipe_id: GARLIC_BREAD_ID }],
    },
    { ...LUNCH, recipe_id: LENTIL_SOUP_ID },
  ],
});

export const mealPath = (snapshotId: string, meal: { date: string; meal_type: string }): string =>
  `/plans/${snapshotId}/meals/${meal.date}/${meal.meal_type}`;

export const variantId = (snapshotId: string, meal: { date: string; meal_type: string }): string =>
  `variant:${snapshotId}:${meal.date}:${meal.meal_type}`;

export const REPLACE_CHICKEN_WITH_TOFU: PatchOpInput = {
  op: "replace_ingredient",
  target_index: 0,
  target_name: "chicken",
  replacement: { name: "firm tofu", quantity: "400 g" },
};

export const REPLACE_RICE_WITH_QUINOA: PatchOpInput = {
  op: "replace_ingredient",
  target_index: 1,
  target_name: "white rice",
  replacement: { name: "quinoa", quantity: "2 cups" },
};
