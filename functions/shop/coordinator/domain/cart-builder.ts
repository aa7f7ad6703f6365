import { z } from "zod";
import type { CoordinatorCartLine, CoordinatorOrder } from "./store-tools-port";

/** A line BuildCart put into the cart, and why. */
export const cartAdditionSchema = z.object({
  productId: z.string(),
  name: z.string(),
  quantity: z.number(),
  why: z.literal("recurring_item"),
  reason: z.string(),
});
export type CartAddition = z.infer<typeof cartAdditionSchema>;

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
