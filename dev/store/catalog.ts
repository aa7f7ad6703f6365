import { readFileSync } from "node:fs";
import { z } from "zod";
import { parseOrThrow } from "../../functions/core/validation";

/** Where the catalog data lives: JSON, its one source, edited by hand and checked by the schemas below. */
export const CATALOG_DIR = new URL("./catalog/", import.meta.url);

export const catalogCategorySchema = z.object({
  id: z.string(),
  /** Portuguese names, department first: ["Alimentação", "Produtos Lácteos", "Leites", "Leite UHT"]. */
  labels: z.array(z.string()).length(4),
  /** URL segments: ["alimentacao", "produtos-lacteos", "leites", "leite-uht"]. */
  slugs: z.array(z.string()).length(4),
  /** `data-gtm` category: "alimentação/produtos-lácteos/leites/leite-uht". */
  gtmPath: z.string(),
});
export type CatalogCategory = z.infer<typeof catalogCategorySchema>;

export const catalogProductSchema = z.object({
  productId: z.string().regex(/^\d{7}$/),
  name: z.string(),
  slug: z.string(),
  brand: z.string().nullable(),
  size: z.string().nullable(),
  categoryId: z.string(),
  priceCents: z.number().int().positive(),
  wasPriceCents: z.number().int().positive().nullable(),
  /** As the site prints it: "0.86 €/Lt", "1.99 €/Kg", "0.25 €/Dose". */
  unitPriceLabel: z.string(),
  soldByWeight: z.boolean(),
  minimumGrams: z.number().int().positive().nullable(),
  stepKg: z.number().positive().nullable(),
  available: z.boolean(),
  labels: z.array(z.string()),
  gtin: z.string().regex(/^\d{13}$/),
  description: z.string(),
});
export type CatalogProduct = z.infer<typeof catalogProductSchema>;

export const brandSchema = z.object({
  brand: z.string(),
  /** Auchan's own labels vs national and premium brands (STORE.md "Store brands"). */
  tier: z.enum(["store", "national", "premium"]),
  /** For store brands: core own label, first price, premium line, organic line. */
  line: z.enum(["core", "first-price", "premium", "organic"]).nullable(),
});
export type CatalogBrand = z.infer<typeof brandSchema>;

export const deliveryScheduleSchema = z.object({
  timeZone: z.string(),
  days: z.number().int().min(1).max(14),
  /** A slot closes this many hours before it starts (`data-is-after-cutoff`). */
  cutoffHoursBeforeStart: z.number().min(0),
  windows: z.array(
    z.object({
      time: z.string().regex(/^\d{2}:\d{2} - \d{2}:\d{2}$/),
      priceCents: z.number().int().nonnegative(),
      /** ISO weekdays (1 = Monday) on which this window is free. */
      freeOnWeekdays: z.array(z.number().int().min(1).max(7)).default([]),
    }),
  ),
  /** Today's express slot starts at the next full hour, within the drivers' day. */
  express: z.object({
    priceCents: z.number().int().nonnegative(),
    durationHours: z.number().int().positive(),
    firstStartHour: z.number().int().min(0).max(23),
    lastStartHour: z.number().int().min(0).max(23),
  }),
  /** Every n-th slot (counting across days) is fully booked. */
  fullEvery: z.number().int().min(2),
  /** Days, from the first, that carry the unavailable-products warning when the cart has such lines. */
  unavailableWarningDays: z.number().int().min(0),
  warningText: z.string(),
});
export type DeliverySchedule = z.infer<typeof deliveryScheduleSchema>;

export interface Catalog {
  products: CatalogProduct[];
  categories: CatalogCategory[];
  brands: CatalogBrand[];
  deliverySchedule: DeliverySchedule;
}

const readJson = (name: string): unknown => JSON.parse(readFileSync(new URL(name, CATALOG_DIR), "utf8"));

/** Reads and validates the catalog data (a bad edit fails the store's start, naming the field). */
export const loadCatalog = (): Catalog => ({
  products: parseOrThrow(z.array(catalogProductSchema), readJson("products.json"), "catalog/products.json"),
  categories: parseOrThrow(
    z.array(catalogCategorySchema),
    readJson("categories.json"),
    "catalog/categories.json",
  ),
  brands: parseOrThrow(z.array(brandSchema), readJson("brands.json"), "catalog/brands.json"),
  deliverySchedule: parseOrThrow(
    deliveryScheduleSchema,
    readJson("delivery-schedule.json"),
    "catalog/delivery-schedule.json",
  ),
});
