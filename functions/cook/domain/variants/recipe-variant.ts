import { z } from "zod";
import { COOK_LIMITS } from "../limits";
import { PatchOpSchema } from "./patch-op";

export const COMPILER_VERSION = "v0";

/**
 * The recipe a variant compiles to, as seed 001 stores it: its id is the variant id and its name is
 * "{base name} (modified)". `servings` is carried over (scaled) when the base recipe states it.
 */
export const CompiledRecipeSchema = z.object({
  id: z.string().min(1).max(200),
  name: z
    .string()
    .min(1)
    .max(COOK_LIMITS.recipeNameLength + 20),
  servings: z.number().positive().optional(),
  ingredients_raw: z.array(z.string().max(COOK_LIMITS.ingredientLineLength * 2)),
  steps: z.array(z.string().max(COOK_LIMITS.stepLength)),
});
export type CompiledRecipe = z.infer<typeof CompiledRecipeSchema>;

/** The `variant` field of a planned meal (seed 001's data shape, verbatim). */
export const RecipeVariantSchema = z.object({
  variant_id: z.string().min(1).max(200),
  base_recipe_id: z.string().min(1).max(COOK_LIMITS.idLength),
  patch_ops: z.array(PatchOpSchema).max(COOK_LIMITS.opsPerVariant),
  compiled_recipe: CompiledRecipeSchema,
  warnings: z.array(z.string().max(COOK_LIMITS.warningLength)).max(COOK_LIMITS.warningsPerVariant),
  compiled_at: z.iso.datetime(),
  compiler_version: z.literal(COMPILER_VERSION),
});
export type RecipeVariant = z.infer<typeof RecipeVariantSchema>;
