import { z } from "zod";
import { SnapshotIdSchema } from "../ids";
import { COOK_LIMITS } from "../limits";
import { RecipeVariantSchema } from "../variants/recipe-variant";
import { PlannedMealInputSchema, PlannedMealSchema } from "./planned-meal";

/** Refuses two meals with the same (date, meal_type): the variant id and the lookup need the key unique. */
const refineUniqueMealKeys = (
  meals: readonly { date: string; meal_type: string }[],
  ctx: z.core.$RefinementCtx<unknown>,
): void => {
  const seen = new Set<string>();
  meals.forEach((meal, index) => {
    const key = `${meal.date}:${meal.meal_type}`;
    if (seen.has(key)) {
      ctx.addIssue({
        code: "custom",
        path: ["planned_meals", index],
        message: `duplicate planned meal for ${meal.date} ${meal.meal_type}`,
      });
    }
    seen.add(key);
  });
};

/** Body of `POST /plans`. */
export const CreateSnapshotBodySchema = z
  .object({
    snapshot_id: SnapshotIdSchema.optional(),
    planned_meals: z.array(PlannedMealInputSchema).min(1).max(COOK_LIMITS.plannedMealsPerSnapshot),
  })
  .superRefine((body, ctx) => refineUniqueMealKeys(body.planned_meals, ctx));
export type CreateSnapshotBody = z.infer<typeof CreateSnapshotBodySchema>;

/** A meal-plan snapshot as stored: each planned meal may carry its variant (seed 001's snapshot JSON). */
export const SnapshotSchema = z
  .object({
    snapshot_id: SnapshotIdSchema,
    created_at: z.iso.datetime(),
    planned_meals: z.array(PlannedMealSchema).max(COOK_LIMITS.plannedMealsPerSnapshot),
  })
  .superRefine((snapshot, ctx) => refineUniqueMealKeys(snapshot.planned_meals, ctx));
export type Snapshot = z.infer<typeof SnapshotSchema>;

/** A planned meal as `GET /plans/{snapshot_id}` shows it: flagged modified, with its variant when it has one. */
export const PlannedMealViewSchema = PlannedMealInputSchema.extend({
  modified: z.boolean(),
  variant: RecipeVariantSchema.optional(),
});
export type PlannedMealView = z.infer<typeof PlannedMealViewSchema>;

export const SnapshotViewSchema = z.object({
  snapshot_id: SnapshotIdSchema,
  created_at: z.iso.datetime(),
  planned_meals: z.array(PlannedMealViewSchema),
});
export type SnapshotView = z.infer<typeof SnapshotViewSchema>;

const MEAL_TYPE_ORDER = { breakfast: 0, lunch: 1, dinner: 2, snack: 3 } as const;

/** Orders meals by date, then breakfast → lunch → dinner → snack, so views and lists are stable. */
export const compareMeals = (
  a: { date: string; meal_type: keyof typeof MEAL_TYPE_ORDER },
  b: { date: string; meal_type: keyof typeof MEAL_TYPE_ORDER },
): number => a.date.localeCompare(b.date) || MEAL_TYPE_ORDER[a.meal_type] - MEAL_TYPE_ORDER[b.meal_type];
