import { z } from "zod";
import { householdPreferencesSchema } from "../household-preferences";
import { cartAdditionSchema, planIngredientNotAddedSchema } from "../plan-to-cart/cart-builder";
import { coordinatorCartLineSchema, coordinatorOrderSchema } from "../store-shapes";

/**
 * What a run's steps read once and keep with the run (in its record, never in the workflow's state):
 * BuildCart's orders and the lines it added, ScanCart's cart (after the additions) and the household's
 * preferences. Later steps (PruneStock, ScoutSlots, SaveRun) read them here instead of the store again,
 * and the state carries keys and small summaries only.
 */
export const runContextSchema = z.object({
  orders: z.array(coordinatorOrderSchema).optional(),
  cartAdditions: z.array(cartAdditionSchema).optional(),
  planNotAdded: z.array(planIngredientNotAddedSchema).optional(),
  cart: z.array(coordinatorCartLineSchema).optional(),
  preferences: householdPreferencesSchema.optional(),
});
export type RunContext = z.infer<typeof runContextSchema>;
