import { NotFoundError } from "../../../core/errors";
import { parseOrThrow } from "../../../core/validation";
import type { CookView } from "../cook-view/cook-view";
import { sectionsOf, toCookRecipe, variantCookView } from "../cook-view/cook-view-of-meal";
import type { CookDeps } from "../ports/cook-deps";
import { MealAddressSchema } from "../variants/variant-id";

/**
 * The cook view of a planned meal in whatever state it is: its variant's compiled recipe when modified,
 * else its base recipe, with the bundle's sections either way. The seed's variant lookup answers 404 for
 * an unmodified meal; this is how a client cooks an unmodified bundle with its sides.
 */
export const getMealCookView = async (
  deps: Pick<CookDeps, "plans" | "recipes">,
  input: { snapshot_id: string; date: string; meal_type: string },
): Promise<CookView> => {
  const address = parseOrThrow(MealAddressSchema, input, "meal address");
  const found = await deps.plans.getMeal(address.snapshot_id, address.date, address.meal_type);
  if (!found) {
    throw new NotFoundError(
      `No ${address.meal_type} planned on ${address.date} in snapshot ${address.snapshot_id}`,
    );
  }
  const { meal } = found;
  if (meal.variant) return variantCookView(deps, meal, meal.variant);
  const base = await deps.recipes.getRecipe(meal.recipe_id);
  if (!base) throw new NotFoundError(`Recipe ${meal.recipe_id} not found`);
  const main = toCookRecipe(base);
  return {
    ...main,
    modified: false,
    base_recipe_id: base.recipe_id,
    warnings: [],
    sections: await sectionsOf(deps, meal, main),
  };
};
