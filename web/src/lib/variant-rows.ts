import type { components } from "./api";

type PatchOp = NonNullable<
  components["schemas"]["Snapshot"]["planned_meals"][number]["variant"]
>["patch_ops"][number];

/** One line of the side-by-side: the base recipe's line, the variant's, and what the variant did to it. */
export type VariantRow =
  | { change: "same" | "scaled" | "replaced"; base: string; variant: string }
  | { change: "removed"; base: string }
  | { change: "added"; variant: string };

const indexOf = (op: PatchOp, base: readonly string[]): number | undefined => {
  if (typeof op.target_index === "number") return op.target_index;
  const name = op.target_name?.trim().toLowerCase();
  if (!name) return undefined;
  const found = base.findIndex((line) => line.toLowerCase().includes(name));
  return found < 0 ? undefined : found;
};

/**
 * Pairs the base recipe's ingredient lines with the variant's compiled ones. The compiler (seed 001's
 * apply_ops) keeps the base lines in order, replaces in place, drops the removed ones and appends the added
 * ones, so the compiled lines are read back in that order and each is marked by the op that made it.
 */
export const variantRows = (
  base: readonly string[],
  ops: readonly PatchOp[],
  compiled: readonly string[],
): VariantRow[] => {
  const replaced = new Set<number>();
  const removed = new Set<number>();
  for (const op of ops) {
    const index = indexOf(op, base);
    if (index === undefined || index >= base.length) continue;
    if (op.op === "replace_ingredient") replaced.add(index);
    if (op.op === "remove_ingredient") removed.add(index);
  }
  const rows: VariantRow[] = [];
  let next = 0;
  base.forEach((line, index) => {
    if (removed.has(index)) {
      rows.push({ change: "removed", base: line });
      return;
    }
    const variant = compiled[next++] ?? "";
    const change = replaced.has(index) ? "replaced" : variant === line ? "same" : "scaled";
    rows.push({ change, base: line, variant });
  });
  for (const line of compiled.slice(next)) rows.push({ change: "added", variant: line });
  return rows;
};

/** The scale factor of a variant's ops, when one scales the servings. */
export const scaleOf = (ops: readonly PatchOp[]): number | undefined => {
  const factor = ops.findLast((op) => op.op === "scale_servings")?.scale_factor;
  return typeof factor === "number" ? factor : undefined;
};
