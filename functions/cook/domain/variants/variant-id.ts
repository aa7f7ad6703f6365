import { z } from "zod";
import { SnapshotIdSchema } from "../ids";
import { type MealType, MealTypeSchema, PlanDateSchema } from "../snapshots/planned-meal";

const VARIANT_PREFIX = "variant:";

export interface VariantAddress {
  snapshot_id: string;
  date: string;
  meal_type: MealType;
}

/** `variant:{snapshot_id}:{date}:{meal_type}`, seed 001's variant id format. */
export const formatVariantId = (address: VariantAddress): string =>
  `${VARIANT_PREFIX}${address.snapshot_id}:${address.date}:${address.meal_type}`;

export const isVariantId = (id: string): boolean => id.startsWith(VARIANT_PREFIX);

/**
 * Step 1 of the seed's lookup algorithm: parse a variant id into its address. Returns null for anything
 * that is not exactly `variant:{snapshot_id}:{YYYY-MM-DD}:{meal_type}` with valid parts.
 */
export const parseVariantId = (id: string): VariantAddress | null => {
  if (!isVariantId(id)) return null;
  const parts = id.slice(VARIANT_PREFIX.length).split(":");
  if (parts.length !== 3) return null;
  const [snapshotId, date, mealType] = parts;
  const snapshot = SnapshotIdSchema.safeParse(snapshotId);
  const day = PlanDateSchema.safeParse(date);
  const meal = MealTypeSchema.safeParse(mealType);
  if (!snapshot.success || !day.success || !meal.success) return null;
  return { snapshot_id: snapshot.data, date: day.data, meal_type: meal.data };
};

/** The address of a planned meal in a request (`/plans/{snapshot_id}/meals/{date}/{meal_type}`). */
export const MealAddressSchema = z.object({
  snapshot_id: SnapshotIdSchema,
  date: PlanDateSchema,
  meal_type: MealTypeSchema,
});
