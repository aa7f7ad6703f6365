import type { Recipe } from "../recipes/recipe";
import type { PatchOp } from "../variants/patch-op";
import type { CompiledRecipe } from "../variants/recipe-variant";

export interface WarningsInput {
  base: Recipe;
  compiled: CompiledRecipe;
  ops: readonly PatchOp[];
}

/**
 * Port: writes cooking warnings for a freshly compiled variant (seed 001, phase 2). The LLM adapter asks
 * for `generate_warnings`; `ruleBasedWarnings` serves offline. Its output is untrusted and goes through
 * `finalizeWarnings`.
 */
export type WarningsGenerator = (input: WarningsInput) => Promise<string[]>;
