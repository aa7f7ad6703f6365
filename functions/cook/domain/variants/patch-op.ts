import { z } from "zod";
import { COOK_LIMITS } from "../limits";

/** The four v0 ops of seed 001. Step ops are out of scope by design. */
export const PatchOpTypeSchema = z.enum([
  "replace_ingredient",
  "add_ingredient",
  "remove_ingredient",
  "scale_servings",
]);
export type PatchOpType = z.infer<typeof PatchOpTypeSchema>;

export const IngredientReplacementSchema = z.object({
  name: z.string().trim().min(1).max(COOK_LIMITS.ingredientNameLength),
  /** May be empty ("salt"); the compiled line is then just the name. */
  quantity: z.string().trim().max(COOK_LIMITS.quantityLength),
});
export type IngredientReplacement = z.infer<typeof IngredientReplacementSchema>;

/**
 * PatchOp, field for field as seed 001's pydantic model. Optional fields accept null as well as absence
 * (pydantic's `Optional[...] = None`), because models fill unused fields with null. This schema checks
 * the shape only (a failure is a 400); whether the op makes sense for a recipe (index in range, name
 * match, acknowledged remove, bounded scale factor) is `validatePatchOps`' job (a failure is a 422).
 */
export const PatchOpSchema = z.object({
  op: PatchOpTypeSchema,
  target_index: z.number().int().nullish(),
  target_name: z.string().trim().max(COOK_LIMITS.ingredientNameLength).nullish(),
  replacement: IngredientReplacementSchema.nullish(),
  new_ingredient: z.string().trim().max(COOK_LIMITS.ingredientLineLength).nullish(),
  scale_factor: z.number().nullish(),
  acknowledged: z.boolean().default(false),
  reason: z.string().max(COOK_LIMITS.reasonLength).default("user_request"),
});
export type PatchOp = z.infer<typeof PatchOpSchema>;
/** What a caller may write: `acknowledged` and `reason` have defaults. */
export type PatchOpInput = z.input<typeof PatchOpSchema>;

/**
 * The stored form of an op: only the fields its kind uses. Stored variants stay readable and two ops that
 * mean the same thing compare equal, whatever nulls a model sent along.
 */
export const canonicalizePatchOp = (op: PatchOp): PatchOp => {
  const base = { op: op.op, acknowledged: op.acknowledged, reason: op.reason };
  switch (op.op) {
    case "replace_ingredient":
      return {
        ...base,
        target_index: op.target_index,
        target_name: op.target_name,
        replacement: op.replacement,
      };
    case "remove_ingredient":
      return { ...base, target_index: op.target_index, target_name: op.target_name };
    case "add_ingredient":
      return { ...base, new_ingredient: op.new_ingredient };
    case "scale_servings":
      return { ...base, scale_factor: op.scale_factor };
  }
};
