import { COOK_LIMITS } from "../limits";
import type { MealEditOp } from "./meal-edit-op";
import type { MealComponent } from "./planned-meal";

export type MealEditValidation = { ok: true } | { ok: false; reasons: string[] };

const isIndexIn = (index: number, length: number): boolean => index >= 0 && index < length;

/**
 * Checks meal edits against the meal's current components: each remove/swap names a component by index
 * and recipe id (both must agree), removes are acknowledged, one request says one thing per component,
 * every recipe it brings in exists, and the bundle stays within its size limit.
 */
export const validateMealEditOps = (
  components: readonly MealComponent[],
  ops: readonly MealEditOp[],
  existingRecipeIds: ReadonlySet<string>,
): MealEditValidation => {
  const reasons: string[] = [];
  const targeted = new Map<number, number>();
  ops.forEach((op, position) => {
    const label = `op ${position} (${op.op})`;
    if (op.op === "add_component") {
      if (!existingRecipeIds.has(op.component.recipe_id)) {
        reasons.push(`${label}: recipe ${op.component.recipe_id} does not exist`);
      }
      return;
    }
    if (!isIndexIn(op.target_index, components.length)) {
      reasons.push(
        `${label}: target_index ${op.target_index} is out of range (the meal has ${components.length} components)`,
      );
      return;
    }
    const current = components[op.target_index];
    if (current?.recipe_id !== op.target_recipe_id) {
      reasons.push(
        `${label}: target_recipe_id ${op.target_recipe_id} does not match component ${op.target_index} (${current?.recipe_id})`,
      );
    }
    const earlier = targeted.get(op.target_index);
    if (earlier !== undefined)
      reasons.push(`ops ${earlier} and ${position} both target component ${op.target_index}`);
    else targeted.set(op.target_index, position);
    if (op.op === "remove_component" && !op.acknowledged) {
      reasons.push(`${label}: removing a component requires acknowledged: true`);
    }
    if (op.op === "swap_component" && !existingRecipeIds.has(op.replacement.recipe_id)) {
      reasons.push(`${label}: recipe ${op.replacement.recipe_id} does not exist`);
    }
  });
  if (reasons.length === 0) {
    const size = applyMealEditOps(components, ops).length;
    if (size > COOK_LIMITS.componentsPerMeal) {
      reasons.push(`a meal holds at most ${COOK_LIMITS.componentsPerMeal} components besides its recipe`);
    }
  }
  return reasons.length > 0 ? { ok: false, reasons } : { ok: true };
};

/**
 * Applies meal edits with the same ordering rule as ingredient ops, for the same reason: swap in place →
 * remove (descending index) → add (appended), so every index refers to the components as they were.
 */
export const applyMealEditOps = (
  components: readonly MealComponent[],
  ops: readonly MealEditOp[],
): MealComponent[] => {
  const result = [...components];
  for (const op of ops) {
    if (op.op !== "swap_component" || !isIndexIn(op.target_index, result.length)) continue;
    const current = result[op.target_index];
    if (current === undefined) continue;
    result[op.target_index] = {
      role: op.replacement.role ?? current.role,
      recipe_id: op.replacement.recipe_id,
    };
  }
  const removals = [
    ...new Set(
      ops.flatMap((op) =>
        op.op === "remove_component" && isIndexIn(op.target_index, components.length)
          ? [op.target_index]
          : [],
      ),
    ),
  ].sort((a, b) => b - a);
  for (const index of removals) result.splice(index, 1);
  for (const op of ops) if (op.op === "add_component") result.push({ ...op.component });
  return result;
};
