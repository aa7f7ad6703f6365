import { DomainRefusedError } from "../../../core/errors";
import { parseOrThrow } from "../../../core/validation";
import { LOG_TAGS } from "../log-tags";
import type { CookDeps } from "../ports/cook-deps";
import type { Recipe } from "../recipes/recipe";
import { applyMealEditOps, validateMealEditOps } from "../snapshots/apply-meal-edit-ops";
import type { MealEditOp } from "../snapshots/meal-edit-op";
import type { MealComponent, PlannedMeal } from "../snapshots/planned-meal";
import type { PlannedMealView } from "../snapshots/snapshot";
import { toPlannedMealView } from "../snapshots/snapshot-view";
import { updateMealWithRetry } from "../snapshots/update-meal-with-retry";
import { applyPatchOps } from "../variants/apply-patch-ops";
import { mergePatchOps } from "../variants/merge-patch-ops";
import type { PatchOp } from "../variants/patch-op";
import { COMPILER_VERSION, type RecipeVariant } from "../variants/recipe-variant";
import { validatePatchOps } from "../variants/validate-patch-ops";
import { formatVariantId, MealAddressSchema, type VariantAddress } from "../variants/variant-id";
import { MealOpListSchema, partitionMealOps } from "../variants/variant-request";
import { generateVariantWarnings } from "../warnings/variant-warnings";

export interface MealEditResult {
  /** The meal's variant after the edit (null when the meal has none, e.g. after component edits only). */
  variant: RecipeVariant | null;
  meal: PlannedMealView;
}

/** 422 `patch_invalid` with the reasons, logged as the seed's [PATCH_VALIDATE] failure. */
export const refusePatch = (deps: Pick<CookDeps, "logger">, variantId: string, reasons: string[]): never => {
  deps.logger.info(`${LOG_TAGS.patchValidate} failed`, { variant_id: variantId, passed: false, reasons });
  throw new DomainRefusedError("The requested change cannot be applied to this recipe", {
    code: "patch_invalid",
    details: { reasons },
  });
};

/**
 * The variant's earlier ops were valid against the base recipe when they were stored; the base has been
 * replaced since (PUT /recipes) and they no longer fit it. That is not about the ops just sent, so it gets
 * its own code, the stored ops the reasons speak of, and the way out.
 */
const refuseOutdatedVariant = (
  deps: Pick<CookDeps, "logger">,
  address: VariantAddress,
  base: Recipe,
  storedOps: readonly PatchOp[],
  reasons: string[],
): never => {
  const variantId = formatVariantId(address);
  const reset = `DELETE /plans/${address.snapshot_id}/meals/${address.date}/${address.meal_type}/variant`;
  deps.logger.info(`${LOG_TAGS.patchValidate} failed: the stored variant no longer fits its base recipe`, {
    variant_id: variantId,
    passed: false,
    reasons,
  });
  throw new DomainRefusedError(
    `The meal's stored variant no longer fits its base recipe ${base.recipe_id}, which was changed after ` +
      `the variant was made: its earlier ops (details.stored_patch_ops) fail against the recipe as it is ` +
      `now (details.reasons), whatever the new ops say. Clearing the variant (${reset}, or the kitchen ` +
      "chat's clear_variant) resets the meal to the new recipe; then send the change again.",
    {
      code: "variant_outdated",
      details: { reasons, base_recipe_id: base.recipe_id, stored_patch_ops: storedOps, reset },
    },
  );
};

const loadBaseRecipe = async (deps: Pick<CookDeps, "recipes">, meal: PlannedMeal): Promise<Recipe> => {
  const base = await deps.recipes.getRecipe(meal.recipe_id);
  if (!base) {
    throw new DomainRefusedError(`The meal's recipe ${meal.recipe_id} no longer exists`, {
      code: "unknown_recipe",
      details: { recipe_ids: [meal.recipe_id] },
    });
  }
  return base;
};

/**
 * Validates the request's ops alone (their own conflicts), then the variant's earlier ops that the request
 * leaves in place (the base recipe may have been replaced since they were stored), then the merged list,
 * then applies.
 */
const compileVariant = async (
  deps: Pick<CookDeps, "recipes" | "logger" | "clock" | "warningsGenerator">,
  meal: PlannedMeal,
  address: VariantAddress,
  incoming: readonly PatchOp[],
  warningsCache: Map<string, string[]>,
): Promise<RecipeVariant> => {
  const variantId = formatVariantId(address);
  const base = await loadBaseRecipe(deps, meal);
  const own = validatePatchOps(base, incoming);
  if (!own.ok) return refusePatch(deps, variantId, own.reasons);
  const stored = meal.variant?.patch_ops ?? [];
  const mergedOps = mergePatchOps(stored, own.ops);
  const keptStored = mergedOps.filter((op) => stored.includes(op));
  if (keptStored.length > 0) {
    const storedCheck = validatePatchOps(base, keptStored);
    if (!storedCheck.ok) return refuseOutdatedVariant(deps, address, base, keptStored, storedCheck.reasons);
  }
  const merged = validatePatchOps(base, mergedOps);
  if (!merged.ok) return refusePatch(deps, variantId, merged.reasons);
  deps.logger.info(`${LOG_TAGS.patchValidate} passed`, {
    variant_id: variantId,
    passed: true,
    ops: merged.ops.length,
  });

  const compiled = applyPatchOps(base, merged.ops, variantId);
  deps.logger.info(`${LOG_TAGS.patchApply} compiled`, {
    variant_id: variantId,
    base_recipe_id: base.recipe_id,
    ops: merged.ops.map((op) => op.op),
    base_ingredients: base.ingredients_raw.length,
    compiled_ingredients: compiled.ingredients_raw.length,
  });

  // A retry after a lost race usually recompiles the same ops: do not ask the model twice.
  const cacheKey = JSON.stringify(merged.ops);
  const warnings =
    warningsCache.get(cacheKey) ??
    (await generateVariantWarnings(deps, { base, compiled, ops: merged.ops }, variantId));
  warningsCache.set(cacheKey, warnings);

  return {
    variant_id: variantId,
    base_recipe_id: base.recipe_id,
    patch_ops: merged.ops,
    compiled_recipe: compiled,
    warnings,
    compiled_at: deps.clock.now().toISOString(),
    compiler_version: COMPILER_VERSION,
  };
};

const editComponents = async (
  deps: Pick<CookDeps, "recipes" | "logger">,
  meal: PlannedMeal,
  address: VariantAddress,
  ops: readonly MealEditOp[],
): Promise<MealComponent[]> => {
  const current = meal.components ?? [];
  const named = ops.flatMap((op) =>
    op.op === "add_component"
      ? [op.component.recipe_id]
      : op.op === "swap_component"
        ? [op.replacement.recipe_id]
        : [],
  );
  const existing = await deps.recipes.getRecipes([...new Set(named)]);
  const validation = validateMealEditOps(current, ops, new Set(existing.keys()));
  if (!validation.ok) return refusePatch(deps, formatVariantId(address), validation.reasons);
  return applyMealEditOps(current, ops);
};

/**
 * Applies ops to one planned meal (`{ ops }` on the variant route, and the chat's modify_recipe):
 * ingredient PatchOps are merged into the meal's variant (a later op on the same target supersedes the
 * earlier one) and the variant is recompiled from the base recipe; MealEditOps change the bundle's
 * components. A refused request writes nothing (422 `patch_invalid` with the reasons; 422
 * `variant_outdated` when the variant's earlier ops no longer fit a replaced base recipe). The write is
 * optimistic: on a concurrent edit of the same meal it re-reads, re-merges and re-applies.
 */
export const createVariantFromOps = async (
  deps: Pick<CookDeps, "plans" | "recipes" | "logger" | "clock" | "retryTiming" | "warningsGenerator">,
  input: { snapshot_id: string; date: string; meal_type: string; ops: unknown },
): Promise<MealEditResult> => {
  const address = parseOrThrow(MealAddressSchema, input, "meal address");
  const { patchOps, mealEditOps } = partitionMealOps(parseOrThrow(MealOpListSchema, input.ops, "ops"));
  const warningsCache = new Map<string, string[]>();

  const saved = await updateMealWithRetry(deps, address, async ({ meal }) => {
    const variant =
      patchOps.length > 0 ? await compileVariant(deps, meal, address, patchOps, warningsCache) : meal.variant;
    const components =
      mealEditOps.length > 0 ? await editComponents(deps, meal, address, mealEditOps) : meal.components;
    return {
      date: meal.date,
      meal_type: meal.meal_type,
      recipe_id: meal.recipe_id,
      ...(components === undefined ? {} : { components }),
      ...(variant === undefined ? {} : { variant }),
    };
  });
  return { variant: saved.variant ?? null, meal: toPlannedMealView(saved) };
};
