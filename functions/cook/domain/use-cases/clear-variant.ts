import { parseOrThrow } from "../../../core/validation";
import { LOG_TAGS } from "../log-tags";
import type { CookDeps } from "../ports/cook-deps";
import { updateMealWithRetry } from "../snapshots/update-meal-with-retry";
import { formatVariantId, MealAddressSchema } from "../variants/variant-id";

/**
 * Seed 001's clear_variant (undo): deletes the meal's `variant` so it is back to its base recipe. Clearing a
 * meal that has no variant is not an error (the request's goal already holds); an unknown meal is a 404.
 * Component edits are not undone: they are the plan, not the recipe.
 */
export const clearVariant = async (
  deps: Pick<CookDeps, "plans" | "logger" | "retryTiming">,
  input: { snapshot_id: string; date: string; meal_type: string },
): Promise<{ cleared: boolean }> => {
  const address = parseOrThrow(MealAddressSchema, input, "meal address");
  let cleared = false;
  await updateMealWithRetry(deps, address, async ({ meal }) => {
    cleared = meal.variant !== undefined;
    if (!cleared) return null;
    const { variant: _removed, ...rest } = meal;
    return rest;
  });
  deps.logger.info(`${LOG_TAGS.variantClear} ${cleared ? "cleared" : "nothing to clear"}`, {
    variant_id: formatVariantId(address),
    cleared,
  });
  return { cleared };
};
