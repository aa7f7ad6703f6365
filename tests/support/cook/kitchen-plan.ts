import { createSnapshot, type Recipe } from "../../../functions/cook/domain";
import { type CookTestDeps, createCookTestDeps } from "./cook-test-deps";

export const stirFry: Recipe = {
  recipe_id: "stir-fry",
  name: "Chicken Stir Fry",
  servings: 4,
  ingredients_raw: [
    "500 g chicken thighs, cut into strips",
    "2 tbsp soy sauce",
    "2 cups white rice",
    "1 tbsp rice vinegar",
    "3 cloves garlic, minced",
  ],
  steps: ["Cook the rice.", "Stir-fry the chicken, add garlic, soy sauce and vinegar."],
};

export const lentilSoup: Recipe = {
  recipe_id: "lentil-soup",
  name: "Red Lentil Soup",
  servings: 4,
  ingredients_raw: ["250 g red lentils", "1 onion, chopped", "1 l vegetable stock"],
  steps: ["Simmer everything until the lentils are soft."],
};

export const arrozDeFrango: Recipe = {
  recipe_id: "arroz-de-frango",
  name: "Arroz de Frango",
  servings: 4,
  ingredients_raw: ["600 g de frango", "300 g de arroz carolino", "1 cebola picada"],
  steps: ["Refoga a cebola, junta o frango e depois o arroz."],
};

export const PLAN_ID = "snap_week";
export const OTHER_PLAN_ID = "snap_other";

/** The week's meals; each date is named for its weekday. */
export const FRIDAY_LUNCH = { date: "2025-01-03", meal_type: "lunch" } as const;
export const FRIDAY_DINNER = { date: "2025-01-03", meal_type: "dinner" } as const;
export const SATURDAY_DINNER = { date: "2025-01-04", meal_type: "dinner" } as const;
export const MONDAY_DINNER = { date: "2025-01-06", meal_type: "dinner" } as const;
export const TUESDAY_DINNER = { date: "2025-01-07", meal_type: "dinner" } as const;

/**
 * A week's plan (Friday has lunch and dinner, so "Friday" alone can be ambiguous) and a second plan the
 * chat about the first must never touch.
 */
export const createKitchenDeps = async (
  options: Parameters<typeof createCookTestDeps>[0] = {},
): Promise<CookTestDeps> => {
  const deps = createCookTestDeps({ recipes: [stirFry, lentilSoup, arrozDeFrango], ...options });
  await createSnapshot(deps, {
    snapshot_id: PLAN_ID,
    planned_meals: [
      { ...FRIDAY_LUNCH, recipe_id: lentilSoup.recipe_id },
      { ...FRIDAY_DINNER, recipe_id: stirFry.recipe_id },
      { ...SATURDAY_DINNER, recipe_id: arrozDeFrango.recipe_id },
      { ...MONDAY_DINNER, recipe_id: stirFry.recipe_id },
      { ...TUESDAY_DINNER, recipe_id: lentilSoup.recipe_id },
    ],
  });
  await createSnapshot(deps, {
    snapshot_id: OTHER_PLAN_ID,
    planned_meals: [{ ...FRIDAY_DINNER, recipe_id: stirFry.recipe_id }],
  });
  return deps;
};

/** The stored meal of the week's plan, or null. */
export const storedMeal = async (deps: CookTestDeps, meal: { date: string; meal_type: "lunch" | "dinner" }) =>
  (await deps.plans.getMeal(PLAN_ID, meal.date, meal.meal_type))?.meal ?? null;
