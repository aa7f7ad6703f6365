import { z } from "@hono/zod-openapi";
import { CookViewSchema } from "../domain/cook-view/cook-view";
import { RecipeIdSchema, SnapshotIdSchema } from "../domain/ids";
import { COOK_LIMITS } from "../domain/limits";
import { RecipeBodySchema, RecipeSchema } from "../domain/recipes/recipe";
import { ShoppingListSchema } from "../domain/shopping-list/shopping-list-schema";
import { MealTypeSchema, PlanDateSchema } from "../domain/snapshots/planned-meal";
import {
  CreateSnapshotBodySchema,
  PlannedMealViewSchema,
  SnapshotViewSchema,
} from "../domain/snapshots/snapshot";
import { RecipeVariantSchema } from "../domain/variants/recipe-variant";
import { VariantRequestBodySchema } from "../domain/variants/variant-request";

/*
 * The domain's zod schemas as the HTTP API validates and documents them. `.meta({ id })` returns a named
 * copy (the OpenAPI document's component name); the domain's own schemas are left untouched. `.meta`
 * rather than `.openapi`: the domain's schemas may be built before @hono/zod-openapi extends zod.
 */

export const RecipeBody = RecipeBodySchema.meta({ id: "RecipeBody" });
export const Recipe = RecipeSchema.meta({ id: "Recipe" });
export const CreateSnapshotBody = CreateSnapshotBodySchema.meta({ id: "CreateSnapshotBody" });
export const Snapshot = SnapshotViewSchema.meta({ id: "Snapshot" });
export const RecipeVariant = RecipeVariantSchema.meta({ id: "RecipeVariant" });
export const VariantRequestBody = VariantRequestBodySchema.meta({
  id: "VariantRequest",
  description:
    "Either `ops` (PatchOps and meal edit ops, applied as given) or an `instruction` for the model",
});
export const CookView = CookViewSchema.meta({ id: "CookView" });
export const ShoppingList = ShoppingListSchema.meta({ id: "ShoppingList" });

/** A meal edit that was applied: the meal's variant (null after component edits only) and the meal. */
const VariantApplied = z.object({
  needs_clarification: z.literal(false),
  variant: RecipeVariant.nullable(),
  meal: PlannedMealViewSchema,
});

/** The generator could not pick a single target: nothing was written, the user is asked instead. */
const ClarificationNeeded = z.object({
  needs_clarification: z.literal(true),
  clarification_message: z.string(),
});

export const VariantResponse = z.union([VariantApplied, ClarificationNeeded]).openapi("VariantResponse");

export const RecipeParams = z.object({ recipe_id: RecipeIdSchema });
export const SnapshotParams = z.object({ snapshot_id: SnapshotIdSchema });
export const MealParams = z.object({
  snapshot_id: SnapshotIdSchema,
  date: PlanDateSchema,
  meal_type: MealTypeSchema,
});
/** A recipe id or `variant:{snapshot_id}:{date}:{meal_type}`; the lookup parses and checks it. */
export const CookIdParams = z.object({
  id: z
    .string()
    .min(1)
    .max(COOK_LIMITS.idLength * 2)
    .openapi({ example: "variant:demo-week:2025-01-06:dinner" }),
});
