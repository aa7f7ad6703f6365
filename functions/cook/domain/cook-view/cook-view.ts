import { z } from "zod";
import { ComponentRoleSchema } from "../snapshots/planned-meal";

/** A recipe as the cook route serves it: a base recipe, or a variant's compiled recipe. */
export const CookRecipeSchema = z.object({
  id: z.string(),
  name: z.string(),
  servings: z.number().optional(),
  ingredients_raw: z.array(z.string()),
  steps: z.array(z.string()),
});
export type CookRecipe = z.infer<typeof CookRecipeSchema>;

export const CookSectionSchema = z.object({
  role: ComponentRoleSchema,
  recipe: CookRecipeSchema,
});
export type CookSection = z.infer<typeof CookSectionSchema>;

/**
 * Response of `GET /cook/{id}`: the recipe to cook from (compiled for a variant) with its warnings, and,
 * for a planned meal, one section per dish of the bundle (the main recipe first, then its components).
 */
export const CookViewSchema = CookRecipeSchema.extend({
  modified: z.boolean(),
  base_recipe_id: z.string(),
  warnings: z.array(z.string()),
  sections: z.array(CookSectionSchema),
});
export type CookView = z.infer<typeof CookViewSchema>;
