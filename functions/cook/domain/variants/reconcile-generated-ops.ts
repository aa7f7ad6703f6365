import { foldText } from "../../../core/text/fold-text";
import type { PatchOp } from "./patch-op";
import { resolveIngredientTarget } from "./resolve-ingredient-target";
import { targetNameMatches } from "./validate-patch-ops";

export interface ReconciledOps {
  ops: PatchOp[];
  /** What was read differently from how the model wrote it (for the log). */
  notes: string[];
  /** Ops whose index and name point at different ingredients: not to be applied as written. */
  conflicts: string[];
}

/** What an op does, whatever it calls its target: two ops with the same key are one op said twice. */
const effectKey = (op: PatchOp): string =>
  JSON.stringify([
    op.op,
    op.target_index ?? null,
    op.replacement ? [foldText(op.replacement.name), foldText(op.replacement.quantity)] : null,
    op.new_ingredient ? foldText(op.new_ingredient) : null,
    op.scale_factor ?? null,
  ]);

const targets = (op: PatchOp): boolean => op.op === "replace_ingredient" || op.op === "remove_ingredient";

/**
 * A model's ops read against the base recipe before the seed's validator sees them, as a careful reader
 * would: the same op sent twice is one op; a target_name that names one ingredient of the recipe must be
 * the ingredient at target_index (an index off by one whose line also contains the name, "rice" at
 * "1 tbsp rice vinegar" when "2 cups white rice" is the rice, is a conflict, never applied to the wrong
 * line); a name that is that ingredient in other words ("onions" for "1 onion") is written as the line says
 * it; and a missing target_index is the one ingredient the name picks. An ambiguous name is left to the
 * validator's substring check at the index, as the seed has it.
 */
export const reconcileGeneratedOps = (
  ingredients: readonly string[],
  ops: readonly PatchOp[],
): ReconciledOps => {
  const notes: string[] = [];
  const conflicts: string[] = [];
  const seen = new Set<string>();
  const out: PatchOp[] = [];
  ops.forEach((op, position) => {
    const label = `op ${position} (${op.op})`;
    let read = op;
    const name = op.target_name?.trim();
    if (targets(op) && name) {
      const resolved = resolveIngredientTarget(ingredients, name);
      const index = op.target_index;
      if (resolved.kind === "found" && typeof index !== "number") {
        read = { ...op, target_index: resolved.index, target_name: resolved.target_name };
        notes.push(`${label}: target_index ${resolved.index} read from target_name "${name}"`);
      } else if (resolved.kind === "found" && index !== resolved.index) {
        conflicts.push(
          `${label}: target_name "${name}" names ingredient ${resolved.index} ("${ingredients[resolved.index]}"), not ingredient ${index} ("${ingredients[index as number] ?? "none"}")`,
        );
      } else if (
        resolved.kind === "found" &&
        !targetNameMatches(ingredients[resolved.index] ?? "", name) &&
        resolved.target_name !== name
      ) {
        read = { ...op, target_name: resolved.target_name };
        notes.push(`${label}: target_name "${name}" read as "${resolved.target_name}"`);
      }
    }
    const key = effectKey(read);
    if (seen.has(key)) {
      notes.push(`${label}: the same as an earlier op, dropped`);
      return;
    }
    seen.add(key);
    out.push(read);
  });
  return { ops: out, notes, conflicts };
};

const scaleOf = (ops: readonly PatchOp[]): PatchOp | undefined => {
  const scales = ops.filter((op) => op.op === "scale_servings");
  return scales.length === 1 ? scales[0] : undefined;
};

/**
 * A model's scale factor checked against the instruction's own words where they fix it: "for 6 people" on a
 * recipe for 4 is 1.5, "double" is 2, however the model counted (a model that sends 6, the people, would
 * store a recipe for 24). `offlineOps` are the offline parser's valid reading of the same instruction; when
 * it has one scale op and the model's one scale op says another factor, the instruction's factor is used.
 */
export const alignScaleWithInstruction = (
  ops: readonly PatchOp[],
  offlineOps: readonly PatchOp[],
): { ops: PatchOp[]; note?: string } => {
  const model = scaleOf(ops);
  const exact = scaleOf(offlineOps)?.scale_factor;
  if (!model || typeof exact !== "number" || typeof model.scale_factor !== "number") return { ops: [...ops] };
  if (Math.abs(model.scale_factor - exact) < 1e-9) return { ops: [...ops] };
  return {
    ops: ops.map((op) => (op === model ? { ...op, scale_factor: exact } : op)),
    note: `scale_factor ${model.scale_factor} read as ${exact}, as the instruction's words fix it`,
  };
};
