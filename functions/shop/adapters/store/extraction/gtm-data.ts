import { z } from "zod";
import { parsePriceToCents } from "./parse-price";

/**
 * The analytics payloads SFCC tiles carry: `data-gtm` `{name,id,price,brand,category}` and the newer
 * GA4 item `data-gtm-new` `{item_id,item_name,item_brand,item_category..item_category4,price,discount}`.
 * Machine-readable, but still page data: parsed with zod, and ignored (not fatal) when malformed.
 */
export interface GtmProductData {
  id?: string;
  name?: string;
  priceCents?: number;
  brand?: string;
  categoryPath: string[];
  /** `data-gtm.dimension7`: "Yes" when the product can be bought online, "No" when not. */
  available?: boolean;
  /** `data-gtm-new.quantity` on cart lines (`2`, `1.3` kg). */
  quantity?: number;
}

const scalar = z.union([z.string(), z.number()]).transform(String);
const gtmSchema = z.object({
  id: scalar.optional(),
  name: z.string().optional(),
  price: scalar.optional(),
  brand: z.string().optional(),
  category: z.string().optional(),
  dimension7: z.string().optional(),
});
const gtmNewSchema = z.object({
  item_id: scalar.optional(),
  item_name: z.string().optional(),
  item_brand: z.string().optional(),
  item_category: z.string().optional(),
  item_category2: z.string().optional(),
  item_category3: z.string().optional(),
  item_category4: z.string().optional(),
  price: scalar.optional(),
  quantity: scalar.optional(),
});

const parseJson = (text: string | undefined): unknown => {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const nonEmpty = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

const priceOf = (value: string | undefined): number | undefined =>
  value === undefined ? undefined : (parsePriceToCents(value) ?? undefined);

const quantityOf = (value: string | undefined): number | undefined => {
  const quantity = Number(value);
  return value !== undefined && Number.isFinite(quantity) && quantity > 0 ? quantity : undefined;
};

export const readGtmData = (text: string | undefined): GtmProductData | undefined => {
  const parsed = gtmSchema.safeParse(parseJson(text));
  if (!parsed.success) return undefined;
  const { id, name, price, brand, category, dimension7 } = parsed.data;
  const availability = dimension7?.trim().toLowerCase();
  return {
    id: nonEmpty(id),
    name: nonEmpty(name),
    priceCents: priceOf(price),
    brand: nonEmpty(brand),
    categoryPath: (category ?? "")
      .split("/")
      .map((part) => part.trim())
      .filter(Boolean),
    available: availability === "yes" ? true : availability === "no" ? false : undefined,
  };
};

export const readGtmNewData = (text: string | undefined): GtmProductData | undefined => {
  const parsed = gtmNewSchema.safeParse(parseJson(text));
  if (!parsed.success) return undefined;
  const item = parsed.data;
  return {
    id: nonEmpty(item.item_id),
    name: nonEmpty(item.item_name),
    priceCents: priceOf(item.price),
    brand: nonEmpty(item.item_brand),
    categoryPath: [item.item_category, item.item_category2, item.item_category3, item.item_category4]
      .map((part) => part?.trim())
      .filter((part): part is string => Boolean(part)),
    quantity: quantityOf(item.quantity),
  };
};
