import { z } from "zod";

/**
 * The coordinator's own small shapes of the store's products, cart lines, orders and slots (what the
 * states of the workflow may carry: no pages, no markup). The store adapter maps the store's onto them.
 */

export const coordinatorProductSchema = z.object({
  productId: z.string(),
  name: z.string(),
  /** Euros (the seed's `price`); per kg for items sold by weight. */
  price: z.number(),
  /** The site's unit price label, or ours from price and pack size (`4.23 €/kg`). */
  pricePerUnit: z.string().optional(),
  brand: z.string().optional(),
  size: z.string().optional(),
  available: z.boolean(),
  categoryPath: z.array(z.string()),
  /** The store sells it by weight (its quantity is kilograms, fractional to `quantityStepKg`). */
  soldByWeight: z.boolean().optional(),
  quantityStepKg: z.number().positive().optional(),
  /** The least the store sells of it, in kg (the page's "Quant. Mínima = 250g"). */
  minimumQuantityKg: z.number().positive().optional(),
});
export type CoordinatorProduct = z.infer<typeof coordinatorProductSchema>;

export const coordinatorCartLineSchema = coordinatorProductSchema.extend({
  quantity: z.number(),
  /** What `quantity` counts, as the cart page shows it: units, or kilograms for a line sold by weight. */
  quantityUnit: z.enum(["un", "kg"]).optional(),
});
export type CoordinatorCartLine = z.infer<typeof coordinatorCartLineSchema>;

export const coordinatorOrderSchema = z.object({
  orderNumber: z.string(),
  /** ISO date. */
  placedOn: z.string(),
  lines: z.array(z.object({ productId: z.string(), name: z.string(), quantity: z.number() })),
});
export type CoordinatorOrder = z.infer<typeof coordinatorOrderSchema>;

export const coordinatorSlotSchema = z.object({
  /** ISO date. */
  date: z.string(),
  start: z.string(),
  end: z.string(),
  priceCents: z.number(),
  isFree: z.boolean(),
  express: z.boolean(),
  bookable: z.boolean(),
  full: z.boolean(),
  afterCutoff: z.boolean(),
});
export type CoordinatorSlot = z.infer<typeof coordinatorSlotSchema>;
