import { type ScaleOutcome, scaleIngredientLine } from "../ingredient-lines/scale-ingredient-line";
import type { Recipe } from "../recipes/recipe";
import type { PatchOp } from "./patch-op";
import type { CompiledRecipe } from "./recipe-variant";

/** Where a compiled ingredient line came from; the coverage check and the warnings read it. */
export type CompiledLineOrigin =
  | { kind: "base"; index: number; replaced: boolean; scale: ScaleOutcome | "not_scaled" }
  | { kind: "added" };

export interface CompiledLine {
  text: string;
  origin: CompiledLineOrigin;
}

/** A replacement is written "{quantity} {name}"; with no quantity, just the name. */
export const formatReplacementLine = (replacement: { name: string; quantity: string }): string =>
  `${replacement.quantity.trim()} ${replacement.name.trim()}`.trim();

const isIndexIn = (index: number | null | undefined, length: number): index is number =>
  typeof index === "number" && Number.isInteger(index) && index >= 0 && index < length;

/**
 * The seed's apply_ops, keeping each line's origin. Ordering: scale_servings → replace (in place) →
 * remove (descending index, so earlier removals do not shift later targets) → add (appended). Every op
 * indexes the BASE recipe's ingredients. Replacements and additions are written by the user or the model
 * with their own quantities, so the scale op (applied first) never touches them. Ops that name no valid
 * target are skipped here; `validatePatchOps` refuses them before anything is stored.
 */
export const compileIngredientLines = (
  ingredients: readonly string[],
  ops: readonly PatchOp[],
): CompiledLine[] => {
  const scale = ops.findLast((op) => op.op === "scale_servings")?.scale_factor;
  const lines: CompiledLine[] = ingredients.map((text, index) => {
    if (typeof scale !== "number") {
      return { text, origin: { kind: "base", index, replaced: false, scale: "not_scaled" } };
    }
    const scaled = scaleIngredientLine(text, scale);
    return { text: scaled.text, origin: { kind: "base", index, replaced: false, scale: scaled.outcome } };
  });

  for (const op of ops) {
    if (op.op !== "replace_ingredient" || !op.replacement || !isIndexIn(op.target_index, lines.length))
      continue;
    lines[op.target_index] = {
      text: formatReplacementLine(op.replacement),
      origin: { kind: "base", index: op.target_index, replaced: true, scale: "not_scaled" },
    };
  }

  const removals = [
    ...new Set(
      ops.flatMap((op) =>
        op.op === "remove_ingredient" && isIndexIn(op.target_index, ingredients.length)
          ? [op.target_index]
          : [],
      ),
    ),
  ].sort((a, b) => b - a);
  for (const index of removals) lines.splice(index, 1);

  for (const op of ops) {
    if (op.op !== "add_ingredient" || !op.new_ingredient?.trim()) continue;
    lines.push({ text: op.new_ingredient.trim(), origin: { kind: "added" } });
  }
  return lines;
};

const scaledServings = (servings: number | undefined, ops: readonly PatchOp[]): number | undefined => {
  const scale = ops.findLast((op) => op.op === "scale_servings")?.scale_factor;
  if (servings === undefined || typeof scale !== "number") return servings;
  return Math.round(servings * scale * 100) / 100;
};

/**
 * Compiles a variant: the base recipe with `ops` applied, named "{name} (modified)", with the variant id as
 * its id. Steps are kept as written (step ops are out of scope in v0; the warnings point at mismatches).
 */
export const applyPatchOps = (recipe: Recipe, ops: readonly PatchOp[], variantId: string): CompiledRecipe => {
  const servings = scaledServings(recipe.servings, ops);
  return {
    id: variantId,
    name: `${recipe.name} (modified)`,
    ...(servings === undefined ? {} : { servings }),
    ingredients_raw: compileIngredientLines(recipe.ingredients_raw, ops).map((line) => line.text),
    steps: [...recipe.steps],
  };
};
