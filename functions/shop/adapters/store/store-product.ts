import { z } from "zod";
import { UNITS_OF_MEASURE } from "./extraction/unit-price";

/**
 * What the store tools return. The first seven fields are the seed's substitution candidate fields,
 * verbatim (`productId, name, price, pricePerUnit, brand, size, available`); the rest are ours.
 */
export const unitPriceSchema = z.object({
  amountCents: z.number().int().nonnegative(),
  per: z.enum(UNITS_OF_MEASURE as ["kg", "l", "un", "dose"]),
});

export const unitPriceCheckSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("agrees"), siteAmountCents: z.number(), computedAmountCents: z.number() }),
  z.object({
    status: z.literal("disagrees"),
    siteAmountCents: z.number(),
    computedAmountCents: z.number(),
    differencePercent: z.number(),
  }),
  z.object({ status: z.literal("unchecked"), reason: z.string() }),
]);

/** Text a page must actually show (a name, an id): not empty, not only spaces. */
const shownText = z.string().regex(/\S/, "must not be empty");
/** A link a person or the tools can open: an absolute http(s) URL, never `javascript:` or `data:`. */
const webUrl = z.url({ protocol: /^https?$/ });
const isoDate = z.iso.date();

export const storeProductSchema = z.object({
  productId: shownText,
  name: shownText,
  /** Euros, as the seed's candidates carry it. For items sold by weight this is the price per kg. */
  price: z.number().nonnegative(),
  /** The unit price exactly as the site shows it (`0.86 €/Lt`). */
  pricePerUnit: z.string().optional(),
  brand: z.string().optional(),
  /** The pack size as written on the site (`6x1l`, `10un 350g`). */
  size: z.string().optional(),
  available: z.boolean(),
  priceCents: z.number().int().nonnegative(),
  currency: z.literal("EUR"),
  /** Ours, from price and size when the size is known, else the site's figure. */
  unitPrice: unitPriceSchema.extend({ source: z.enum(["computed", "site"]) }).optional(),
  unitPriceCheck: unitPriceCheckSchema,
  /** Present while on promotion: the struck-through price; `priceCents` is the sale price. */
  promotion: z.object({ wasPriceCents: z.number().int().nonnegative() }).optional(),
  soldByWeight: z.boolean(),
  /** For items sold by weight: the smallest quantity and the step the quantity selector allows. */
  minimumQuantityKg: z.number().positive().optional(),
  quantityStepKg: z.number().positive().optional(),
  labels: z.array(z.string()),
  categoryPath: z.array(z.string()),
  url: webUrl,
});
export type StoreProduct = z.infer<typeof storeProductSchema>;

export const cartItemSchema = storeProductSchema.extend({
  /** Units, or kg for items sold by weight. */
  quantity: z.number().positive(),
  quantityUnit: z.enum(["un", "kg"]),
  /** A weighed line bought in pieces ("12 un"): what they weigh (pieces × the store's step), in kg. */
  weightKg: z.number().positive().optional(),
  lineTotalCents: z.number().int().nonnegative(),
  /** The line total before the promotion (`.auc-cart--non-adjusted-price`), on promotion lines only. */
  wasLineTotalCents: z.number().int().nonnegative().optional(),
  /** The line's id on the site (`data-uuid`), what Cart-RemoveProductLineItem takes. */
  lineUuid: z
    .string()
    .regex(/^[\w-]{1,64}$/)
    .optional(),
  /** The "Substituir" link of an unavailable line (the item's category listing). */
  replacementUrl: webUrl.optional(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const productDetailSchema = storeProductSchema.extend({
  gtin: z.string().optional(),
  description: z.string().optional(),
  /** "A Auchan sugere isto…" carousel. */
  recommendations: z.array(storeProductSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const pastOrderLineSchema = z.object({
  productId: shownText,
  name: shownText,
  quantity: z.number().positive(),
  /** `un` for `x2`, `kg` for `1.3Kg` (the order detail's formats). */
  quantityUnit: z.enum(["un", "kg"]).optional(),
  /** The price the order detail shows beside the line (`1,99 €`); unit or line amount: not verified. */
  priceCents: z.number().int().nonnegative().optional(),
  url: webUrl.optional(),
});
export const pastOrderSchema = z.object({
  orderNumber: shownText,
  /** ISO date (YYYY-MM-DD), Lisbon time. */
  placedOn: isoDate,
  /** When the order was placed, as the site writes it (`2026-01-02T14:00:30+00:00`). */
  placedAt: z.iso.datetime({ offset: true }).optional(),
  /** The order's id in its detail link (`/pt/detalhes-encomenda?orderID={orderId}`), not its number. */
  orderId: z
    .string()
    .regex(/^[\w-]{1,64}$/)
    .optional(),
  detailUrl: webUrl.optional(),
  /** "N Produtos" as the site counts them (lines less the bag line and the lines not supplied). */
  itemCount: z.number().int().nonnegative().optional(),
  status: z.string().optional(),
  totalCents: z.number().int().nonnegative().optional(),
  /**
   * What was bought: read from the order's detail page, for the most recent orders the call asked for
   * (`linesForRecentOrders`); empty for the others. Lines not supplied (`x0`) are left out.
   */
  lines: z.array(pastOrderLineSchema),
});
export type PastOrder = z.infer<typeof pastOrderSchema>;

export const orderDetailLineSchema = pastOrderLineSchema.extend({
  /** `x0` lines (ordered, not supplied) have 0. */
  quantity: z.number().nonnegative(),
  quantityUnit: z.enum(["un", "kg"]),
});
export type OrderDetailLine = z.infer<typeof orderDetailLineSchema>;

export const orderDetailSchema = z.object({
  orderId: z.string().regex(/^[\w-]{1,64}$/),
  orderNumber: shownText,
  placedOn: isoDate,
  placedAt: z.iso.datetime({ offset: true }).optional(),
  itemCount: z.number().int().nonnegative().optional(),
  /** `.auc-order-status` (hidden on the page): "Entregue". */
  status: z.string().optional(),
  /** The delivery window (`data-start-date`, `data-end-date`). */
  deliveryStart: z.iso.datetime({ offset: true }).optional(),
  deliveryEnd: z.iso.datetime({ offset: true }).optional(),
  productsTotalCents: z.number().int().nonnegative().optional(),
  shippingCents: z.number().int().nonnegative().optional(),
  totalCents: z.number().int().nonnegative().optional(),
  lines: z.array(orderDetailLineSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const deliverySlotSchema = z.object({
  method: z.literal("home-delivery"),
  /** ISO date (YYYY-MM-DD), from `.auc-run-day-month[data-date]`. */
  date: isoDate,
  /** As the site writes it: `12:30 - 14:30`. */
  time: shownText,
  start: z.string().regex(/^\d{1,2}:\d{2}$/),
  end: z.string().regex(/^\d{1,2}:\d{2}$/),
  priceCents: z.number().int().nonnegative(),
  isFree: z.boolean(),
  express: z.boolean(),
  /** `data-has-slots-to-book` and not after the cut-off: a person could book it now. */
  bookable: z.boolean(),
  full: z.boolean(),
  afterCutoff: z.boolean(),
  /** The day's warning (some cart products unavailable that day), when the site shows one. */
  dayWarning: z.string().optional(),
  /** The day tab's label: `Hoje`, `Amanhã`, `Sexta-feira`. */
  dayLabel: z.string().optional(),
  /** `data-day-has-limited-availability` of the day tab. */
  dayLimitedAvailability: z.boolean().optional(),
  /** The slot's id on the site (`data-slot-id`); booking it is a person's act, never the tools'. */
  slotId: z
    .string()
    .regex(/^[\w-]{1,64}$/)
    .optional(),
});
export type DeliverySlot = z.infer<typeof deliverySlotSchema>;
