import { z } from "zod";
import type { CoordinatorCartLine, CoordinatorOrder } from "../store-shapes";

/** A meal of the plan an ingredient is for. */
export const planMealSchema = z.object({ date: z.string(), meal_type: z.string(), recipe_id: z.string() });

/**
 * A line BuildCart put into the cart, and why: a recurring item of past orders, or an ingredient of the
 * meal plan (with the plan's line and the meals it is for).
 */
export const cartAdditionSchema = z.object({
  productId: z.string(),
  name: z.string(),
  quantity: z.number(),
  why: z.enum(["recurring_item", "plan_ingredient"]),
  reason: z.string(),
  /** For a plan ingredient: the shopping list's line ("chicken breast: 500 g"). */
  ingredient: z.string().optional(),
  meals: z.array(planMealSchema).optional(),
});
export type CartAddition = z.infer<typeof cartAdditionSchema>;

/** A plan ingredient BuildCart did not add, and why (no product found, already in the cart). */
export const planIngredientNotAddedSchema = z.object({ ingredient: z.string(), reason: z.string() });
export type PlanIngredientNotAdded = z.infer<typeof planIngredientNotAddedSchema>;

/** Orders looked at, and in how many of them a product must appear to count as recurring. */
export const RECURRING_LOOKBACK_ORDERS = 4;
export const RECURRING_MIN_ORDERS = 2;

/**
 * The seed's CartBuilder ("merge past orders"): a product bought in at least 2 of the last 4 orders and
 * not in the cart yet is added, with the quantity it was last bought in.
 */
export const planCartAdditions = (
  cart: readonly CoordinatorCartLine[],
  orders: readonly CoordinatorOrder[],
): CartAddition[] => {
  const recent = [...orders]
    .sort((a, b) => b.placedOn.localeCompare(a.placedOn))
    .slice(0, RECURRING_LOOKBACK_ORDERS);
  const inCart = new Set(cart.map((line) => line.productId));
  const seen = new Map<string, { name: string; quantity: number; orders: number }>();
  for (const order of recent) {
    for (const line of order.lines) {
      const entry = seen.get(line.productId);
      if (entry) entry.orders += 1;
      else seen.set(line.productId, { name: line.name, quantity: line.quantity, orders: 1 });
    }
  }
  return [...seen.entries()]
    .filter(([productId, entry]) => !inCart.has(productId) && entry.orders >= RECURRING_MIN_ORDERS)
    .map(([productId, entry]) => ({
      productId,
      name: entry.name,
      quantity: entry.quantity,
      why: "recurring_item" as const,
      reason: `Comprado em ${entry.orders} das últimas ${recent.length} encomendas.`,
    }));
};
