import type { Recipe } from "../recipes/recipe";
import type { PatchGenResultInput } from "../variants/patch-gen-result";

export interface PatchOpsGeneratorInput {
  /** The BASE recipe: generated ops index its ingredients. */
  recipe: Recipe;
  instruction: string;
}

/**
 * Port: turns a user's instruction ("use brown rice", "double it") into PatchOps for a recipe (seed 001's
 * generate_patch_ops). Implemented by the LLM adapter (schema name `generate_patch_ops`) and by the
 * offline rule-based parser. Output is untrusted either way: callers validate it with PatchGenResultSchema
 * and then `validatePatchOps`.
 */
export type PatchOpsGenerator = (input: PatchOpsGeneratorInput) => Promise<PatchGenResultInput>;
