import { NotFoundError, ValidationError } from "../../../core/errors";
import { parseOrThrow } from "../../../core/validation";
import { LOG_TAGS } from "../cook-logger";
import type { CookRecipe, CookSection, CookView } from "../cook-view";
import { RecipeIdSchema } from "../ids";
import type { PlannedMeal } from "../planned-meal";
import type { Recipe } from "../recipe";
import type { RecipeVariant } from "../recipe-variant";
import { isVariantId, MealAddressSchema, parseVariantId } from "../variant-id";
import type { CookDeps } from "./cook-deps";

const toCookRecipe = (recipe: Recipe): CookRecipe => ({
  id: recipe.recipe_id,
  name: recipe.name,
  ...(recipe.servings === undefined ? {} : { servings: recipe.servings }),
  ingredients_raw: recipe.ingredients_raw,
  steps: recipe.steps,
});

/** The bundle's sections: the (compiled) main recipe first, then each component in its role. */
const sectionsOf = async (
  deps: Pick<CookDeps, "recipes">,
  meal: PlannedMeal,
  main: CookRecipe,
): Promise<CookSection[]> => {
  const components = meal.components ?? [];
  const recipes = await deps.recipes.getRecipes(components.map((component) => component.recipe_id));
  return [
    { role: "main", recipe: main },
    ...components.flatMap((component) => {
      const recipe = recipes.get(component.recipe_id);
      return recipe ? [{ role: component.role, recipe: toCookRecipe(recipe) }] : [];
    }),
  ];
};

/** A modified meal's view: the stored compiled recipe (never recomputed) with its warnings. */
const variantCookView = async (
  deps: Pick<CookDeps, "recipes">,
  meal: PlannedMeal,
  variant: RecipeVariant,
): Promise<CookView> => ({
  ...variant.compiled_recipe,
  modified: true,
  base_recipe_id: variant.base_recipe_id,
  warnings: variant.warnings,
  sections: await sectionsOf(deps, meal, variant.compiled_recipe),
});

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
