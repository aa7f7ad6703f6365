import { parseIngredientLine } from "../ingredient-lines/ingredient-line";
import { formatReplacementLine } from "./apply-patch-ops";
import type { PatchOp } from "./patch-op";

const normalizeText = (text: string): string => text.trim().replace(/\s+/g, " ").toLowerCase();

/** An ingredient "still exists" when its food (the line without quantity and unit) is unchanged. */
const sameIngredient = (baseLine: string, compiledLine: string): boolean =>
  normalizeText(parseIngredientLine(baseLine).description) ===
  normalizeText(parseIngredientLine(compiledLine).description);

/**
 * Seed 001's Coverage Check Spec, run on the result of apply: every original ingredient must still be
 * there except those explicitly removed with remove_ingredient; a replace counts as removing the original
 * and putting the replacement at the same index; adds only append. It is checked from the base recipe,
 * the ops and the compiled lines alone (positions are known: survivors keep their order, adds follow), so
 * it does not trust the applicator that produced the lines. Returns the reasons it fails, or [].
 */
export const checkCoverage = (
  baseIngredients: readonly string[],
  ops: readonly PatchOp[],
  compiledIngredients: readonly string[],
): string[] => {
  const removed = new Set(ops.flatMap((op) => (op.op === "remove_ingredient" ? [op.target_index] : [])));
  const replacements = new Map<number, string>();
  for (const op of ops) {
    if (op.op === "replace_ingredient" && typeof op.target_index === "number" && op.replacement) {
      replacements.set(op.target_index, formatReplacementLine(op.replacement));
    }
  }
  const added = ops.flatMap((op) =>
    op.op === "add_ingredient" && op.new_ingredient?.trim() ? [op.new_ingredient.trim()] : [],
  );

  const reasons: string[] = [];
  const survivors = baseIngredients.flatMap((line, index) => (removed.has(index) ? [] : [{ line, index }]));
  survivors.forEach(({ line, index }, position) => {
    const compiled = compiledIngredients[position];
    const replacement = replacements.get(index);
    if (replacement !== undefined) {
      if (compiled === undefined || normalizeText(compiled) !== normalizeText(replacement)) {
        reasons.push(`coverage: the replacement of ingredient ${index} ("${line}") is missing`);
      }
    } else if (compiled === undefined || !sameIngredient(line, compiled)) {
      reasons.push(`coverage: ingredient ${index} ("${line}") disappeared without a remove_ingredient op`);
    }
  });
  added.forEach((line, offset) => {
    const compiled = compiledIngredients[survivors.length + offset];
    if (compiled === undefined || normalizeText(compiled) !== normalizeText(line)) {
      reasons.push(`coverage: the added ingredient "${line}" is missing from the end of the list`);
    }
  });
  const expectedLength = survivors.length + added.length;
  if (compiledIngredients.length !== expectedLength) {
    reasons.push(
      `coverage: expected ${expectedLength} ingredients after apply, found ${compiledIngredients.length}`,
    );
  }
  return reasons;
};
