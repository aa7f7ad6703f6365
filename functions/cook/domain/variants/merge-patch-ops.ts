import type { PatchOp } from "./patch-op";

/** Compared as the validator's duplicate check compares them, so a merge never leaves a pair it refuses. */
const additionKey = (op: PatchOp): string =>
  (op.new_ingredient ?? "").trim().replace(/\s+/g, " ").toLowerCase();

const sameAddition = (a: PatchOp, b: PatchOp): boolean => additionKey(a) === additionKey(b);

/** Whether `later` supersedes `earlier`, i.e. says something new about the same target. */
const supersedes = (later: PatchOp, earlier: PatchOp): boolean => {
  switch (later.op) {
    case "scale_servings":
      return earlier.op === "scale_servings";
    case "replace_ingredient":
    case "remove_ingredient":
      return (
        (earlier.op === "replace_ingredient" || earlier.op === "remove_ingredient") &&
        earlier.target_index === later.target_index
      );
    case "add_ingredient":
      return earlier.op === "add_ingredient" && sameAddition(earlier, later);
  }
};

/**
 * Adds a new request's ops to a variant's ops. All ops index the base recipe, so the variant is recompiled
 * from the base with the merged list. A later op on the same target index supersedes the earlier one
 * (replace-then-remove leaves the remove). A later scale_servings supersedes the earlier one rather than
 * multiplying with it: a scale factor is relative to the base recipe ("for 6 people" means 6, however
 * often it is said), which also makes repeating a request change nothing. Adding the same line again is
 * one addition, for the same reason.
 */
export const mergePatchOps = (existing: readonly PatchOp[], incoming: readonly PatchOp[]): PatchOp[] =>
  incoming.reduce<PatchOp[]>(
    (merged, op) => [...merged.filter((earlier) => !supersedes(op, earlier)), op],
    [...existing],
  );
