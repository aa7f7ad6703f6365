import { DomainRefusedError } from "../../../core/errors";
import { parseOrThrow } from "../../../core/validation";
import { applyMealEditOps, validateMealEditOps } from "../apply-meal-edit-ops";
import { applyPatchOps } from "../apply-patch-ops";
import { LOG_TAGS } from "../cook-logger";
import type { MealEditOp } from "../meal-edit-op";
import { mergePatchOps } from "../merge-patch-ops";
import type { PatchOp } from "../patch-op";
import type { MealComponent, PlannedMeal } from "../planned-meal";
import type { Recipe } from "../recipe";
import { COMPILER_VERSION, type RecipeVariant } from "../recipe-variant";
import type { PlannedMealView } from "../snapshot";
import { validatePatchOps } from "../validate-patch-ops";
import { formatVariantId, MealAddressSchema, type VariantAddress } from "../variant-id";
import { MealOpListSchema, partitionMealOps } from "../variant-request";
import type { CookDeps } from "./cook-deps";
import { toPlannedMealView } from "./snapshots";
import { updateMealWithRetry } from "./update-meal-with-retry";
import { generateVariantWarnings } from "./variant-warnings";

export interface MealEditResult {
  /** The meal's variant after the edit (null when the meal has none, e.g. after component edits only). */
  variant: RecipeVariant | null;
  meal: PlannedMealView;
}

const refusePatch = (deps: Pick<CookDeps, "logger">, variantId: string, reasons: string[]): never => {
  deps.logger.info(`${LOG_TAGS.patchValidate} failed`, { variant_id: variantId, passed: false, reasons });
  throw new DomainRefusedError("The requested change cannot be applied to this recipe", {
    code: "patch_invalid",
    details: { reasons },
  });
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

/** Validates the request's ops alone (their own conflicts), then merged with the variant's ops, then applies. */
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
  const merged = validatePatchOps(base, mergePatchOps(meal.variant?.patch_ops ?? [], own.ops));
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
 * components. A refused request writes nothing (422 `patch_invalid` with the reasons). The write is
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
