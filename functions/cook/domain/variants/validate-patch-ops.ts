import { z } from "zod";
import { COOK_LIMITS } from "../limits";
import type { Recipe } from "../recipes/recipe";
import { compileIngredientLines } from "./apply-patch-ops";
import { checkCoverage } from "./check-coverage";
import { canonicalizePatchOp, type PatchOp, PatchOpSchema } from "./patch-op";

export type PatchValidation = { ok: true; ops: PatchOp[] } | { ok: false; reasons: string[] };

const collapse = (text: string): string => text.trim().replace(/\s+/g, " ").toLowerCase();

/** Seed 001's target name match: a case-insensitive substring of the ingredient at target_index. */
export const targetNameMatches = (ingredientLine: string, targetName: string): boolean =>
  collapse(targetName) !== "" && collapse(ingredientLine).includes(collapse(targetName));

const describeOp = (op: PatchOp, position: number): string => `op ${position} (${op.op})`;

const checkTarget = (op: PatchOp, position: number, ingredients: readonly string[]): string[] => {
  const label = describeOp(op, position);
  if (typeof op.target_index !== "number") return [`${label}: target_index is required`];
  if (op.target_index < 0 || op.target_index >= ingredients.length) {
    return [
      `${label}: target_index ${op.target_index} is out of range (the recipe has ${ingredients.length} ingredients, 0 to ${ingredients.length - 1})`,
    ];
  }
  const line = ingredients[op.target_index] ?? "";
  if (!op.target_name?.trim()) return [`${label}: target_name is required`];
  if (!targetNameMatches(line, op.target_name)) {
    return [
      `${label}: target_name "${op.target_name}" does not match ingredient ${op.target_index} ("${line}")`,
    ];
  }
  return [];
};

const checkOp = (op: PatchOp, position: number, ingredients: readonly string[]): string[] => {
  const label = describeOp(op, position);
  switch (op.op) {
    case "replace_ingredient":
      return [
        ...checkTarget(op, position, ingredients),
        ...(op.replacement ? [] : [`${label}: replacement { name, quantity } is required`]),
      ];
    case "remove_ingredient":
      return [
        ...checkTarget(op, position, ingredients),
        ...(op.acknowledged ? [] : [`${label}: removing an ingredient requires acknowledged: true`]),
      ];
    case "add_ingredient":
      return op.new_ingredient?.trim() ? [] : [`${label}: new_ingredient is required`];
    case "scale_servings": {
      const factor = op.scale_factor;
      if (typeof factor !== "number") return [`${label}: scale_factor is required`];
      if (!Number.isFinite(factor) || factor <= 0 || factor > COOK_LIMITS.scaleFactorMax) {
        return [`${label}: scale_factor must be greater than 0 and at most ${COOK_LIMITS.scaleFactorMax}`];
      }
      return [];
    }
  }
};

/** One request may not say two things about the same ingredient, scale twice, or add the same line twice. */
const checkConflicts = (ops: readonly PatchOp[]): string[] => {
  const reasons: string[] = [];
  const byIndex = new Map<number, number>();
  const added = new Map<string, number>();
  let scaleAt: number | undefined;
  ops.forEach((op, position) => {
    if (
      (op.op === "replace_ingredient" || op.op === "remove_ingredient") &&
      typeof op.target_index === "number"
    ) {
      const earlier = byIndex.get(op.target_index);
      if (earlier !== undefined) {
        reasons.push(`ops ${earlier} and ${position} both target ingredient ${op.target_index}`);
      } else byIndex.set(op.target_index, position);
    }
    if (op.op === "scale_servings") {
      if (scaleAt !== undefined) reasons.push(`ops ${scaleAt} and ${position} both scale the recipe`);
      else scaleAt = position;
    }
    if (op.op === "add_ingredient" && op.new_ingredient) {
      const key = collapse(op.new_ingredient);
      const earlier = added.get(key);
      if (earlier !== undefined) reasons.push(`ops ${earlier} and ${position} add the same ingredient`);
      else added.set(key, position);
    }
  });
  return reasons;
};

/**
 * The seed's validate_ops: deterministic, run before anything is stored. Checks the schema, each op's
 * target (index in range, name matches), remove only when acknowledged, a positive bounded scale factor,
 * conflicting ops, and then the coverage check on the applied result. On success returns the ops in their
 * canonical stored form.
 */
export const validatePatchOps = (recipe: Recipe, ops: unknown): PatchValidation => {
  const parsed = z.array(PatchOpSchema).safeParse(ops);
  if (!parsed.success) {
    return {
      ok: false,
      reasons: parsed.error.issues.map(
        (issue) => `schema: ${issue.path.join(".") || "ops"}: ${issue.message}`,
      ),
    };
  }
  const list = parsed.data.map(canonicalizePatchOp);
  if (list.length === 0) return { ok: false, reasons: ["no ops to apply"] };
  if (list.length > COOK_LIMITS.opsPerVariant) {
    return { ok: false, reasons: [`too many ops: ${list.length} (at most ${COOK_LIMITS.opsPerVariant})`] };
  }
  const reasons = [
    ...list.flatMap((op, position) => checkOp(op, position, recipe.ingredients_raw)),
    ...checkConflicts(list),
  ];
  if (reasons.length > 0) return { ok: false, reasons };

  const compiled = compileIngredientLines(recipe.ingredients_raw, list).map((line) => line.text);
  const coverage = checkCoverage(recipe.ingredients_raw, list, compiled);
  if (compiled.length === 0) coverage.push("the variant would have no ingredients left");
  return coverage.length > 0 ? { ok: false, reasons: coverage } : { ok: true, ops: list };
};
