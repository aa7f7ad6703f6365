import { NotFoundError, ValidationError } from "../../../core/errors";
import type { CookView } from "../cook-view/cook-view";
import { toCookRecipe, variantCookView } from "../cook-view/cook-view-of-meal";
import { RecipeIdSchema } from "../ids";
import { LOG_TAGS } from "../log-tags";
import type { CookDeps } from "../ports/cook-deps";
import { isVariantId, parseVariantId } from "../variants/variant-id";

const INVALID_VARIANT_ID = new ValidationError("Invalid variant id", [
  { path: "id", message: "expected variant:{snapshot_id}:{YYYY-MM-DD}:{breakfast|lunch|dinner|snack}" },
]);

/**
 * `GET /cook/{id}`. For `variant:{snapshot_id}:{date}:{meal_type}`, seed 001's lookup: parse the id, load
 * the snapshot's meal matching (date, meal_type) and return its stored `variant.compiled_recipe` with its
 * warnings and the bundle's sections, else 404 (no such meal, or the meal has no variant). Any other id is
 * a base recipe id.
 */
export const lookupCookRecipe = async (
  deps: Pick<CookDeps, "plans" | "recipes" | "logger">,
  id: string,
): Promise<CookView> => {
  if (isVariantId(id)) {
    const address = parseVariantId(id);
    if (!address) throw INVALID_VARIANT_ID;
    const found = await deps.plans.getMeal(address.snapshot_id, address.date, address.meal_type);
    const variant = found?.meal.variant;
    deps.logger.info(`${LOG_TAGS.variantLookup} ${variant ? "resolved" : "not found"}`, {
      variant_id: id,
      meal_found: found !== null,
      variant_found: variant !== undefined,
    });
    if (!found || !variant) throw new NotFoundError(`Variant ${id} not found`);
    return variantCookView(deps, found.meal, variant);
  }

  const recipeId = RecipeIdSchema.safeParse(id);
  if (!recipeId.success) {
    throw new ValidationError("Invalid id", [
      { path: "id", message: "expected a recipe id or a variant id" },
    ]);
  }
  const recipe = await deps.recipes.getRecipe(recipeId.data);
  if (!recipe) throw new NotFoundError(`Recipe ${recipeId.data} not found`);
  const cook = toCookRecipe(recipe);
  return {
    ...cook,
    modified: false,
    base_recipe_id: recipe.recipe_id,
    warnings: [],
    sections: [{ role: "main", recipe: cook }],
  };
};
