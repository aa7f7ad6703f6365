import type { PatchOp } from "../variants/patch-op";

/** One op in words, for tool summaries and the model's view of a modified meal. */
export const describePatchOp = (op: PatchOp): string => {
  switch (op.op) {
    case "replace_ingredient": {
      const replacement = [op.replacement?.quantity, op.replacement?.name].filter(Boolean).join(" ");
      return `replaced "${op.target_name ?? `#${op.target_index}`}" with "${replacement}"`;
    }
    case "remove_ingredient":
      return `removed "${op.target_name ?? `#${op.target_index}`}"`;
    case "add_ingredient":
      return `added "${op.new_ingredient ?? ""}"`;
    case "scale_servings":
      return `scaled quantities ×${op.scale_factor ?? 1}`;
  }
};
