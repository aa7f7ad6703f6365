import { z } from "zod";
import { RecipeIdSchema } from "../ids";
import { COOK_LIMITS } from "../limits";
import { ComponentRoleSchema, MealComponentSchema } from "./planned-meal";

/*
 * Meal-level edits (seed 001, phase 3). They change a planned meal's `components`, not its recipe, so they
 * are kept apart from PatchOps: they are applied to the stored meal and are not undone by clear_variant.
 * Like ingredient ops they name their target twice, by index and by recipe id, so a stale or confused
 * request is refused instead of editing the wrong dish.
 */

const reason = z.string().max(COOK_LIMITS.reasonLength).default("user_request");

export const AddComponentOpSchema = z.object({
  op: z.literal("add_component"),
  component: MealComponentSchema,
  reason,
});

export const RemoveComponentOpSchema = z.object({
  op: z.literal("remove_component"),
  /** Index into the meal's `components`. */
  target_index: z.number().int(),
  target_recipe_id: RecipeIdSchema,
  /** Must be true, as for remove_ingredient: removing a dish is never a side effect. */
  acknowledged: z.boolean().default(false),
  reason,
});

export const SwapComponentOpSchema = z.object({
  op: z.literal("swap_component"),
  target_index: z.number().int(),
  target_recipe_id: RecipeIdSchema,
  replacement: z.object({
    recipe_id: RecipeIdSchema,
    /** Keeps the swapped component's role when absent. */
    role: ComponentRoleSchema.optional(),
  }),
  reason,
});

export const MealEditOpSchema = z.discriminatedUnion("op", [
  AddComponentOpSchema,
  RemoveComponentOpSchema,
  SwapComponentOpSchema,
]);
export type MealEditOp = z.infer<typeof MealEditOpSchema>;
