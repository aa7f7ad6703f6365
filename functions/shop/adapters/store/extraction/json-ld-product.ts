import { z } from "zod";
import { parsePriceToCents } from "./parse-price";

/** The schema.org Product a product page declares in `script[type="application/ld+json"]`. */
export interface JsonLdProduct {
  name?: string;
  sku?: string;
  gtin?: string;
  description?: string;
  brand?: string;
  priceCents?: number;
  currency?: string;
  /** From `offers.availability`; undefined when the page does not say. */
  available?: boolean;
}

const scalar = z.union([z.string(), z.number()]).transform(String);
const offerSchema = z.object({
  price: scalar.optional(),
  priceCurrency: z.string().optional(),
  availability: z.string().optional(),
});
const productSchema = z.object({
  "@type": z.union([z.string(), z.array(z.string())]),
  name: z.string().optional(),
  sku: scalar.optional(),
  gtin: scalar.optional(),
  gtin13: scalar.optional(),
  description: z.string().optional(),
  brand: z.union([z.string(), z.object({ name: z.string().optional() })]).optional(),
  offers: z.union([offerSchema, z.array(offerSchema)]).optional(),
});

const IN_STOCK = new Set(["instock", "limitedavailability", "onlineonly", "instoreonly"]);
const OUT_OF_STOCK = new Set(["outofstock", "soldout", "discontinued"]);

const availabilityOf = (value: string | undefined): boolean | undefined => {
  const key = value?.split("/").pop()?.toLowerCase();
  if (key === undefined) return undefined;
  if (IN_STOCK.has(key)) return true;
  if (OUT_OF_STOCK.has(key)) return false;
  return undefined;
};

/** Every JSON value in a script (one object, an array of them, or a `@graph`), flattened. */
const flatten = (value: unknown): unknown[] => {
  if (Array.isArray(value)) return value.flatMap(flatten);
  if (value && typeof value === "object" && "@graph" in value) {
    return flatten((value as { "@graph": unknown })["@graph"]);
  }
  return [value];
};

const parseJson = (text: string): { value: unknown } | undefined => {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
};

/**
 * The top-level JSON values of one script. Usually one value (an object or an array), but a script can
 * also hold several objects one after another (`{...}{...}` or one per line), which JSON.parse refuses
 * as a whole: those are split at the braces that close each top-level value, strings respected.
 */
export const jsonValuesInScript = (text: string): unknown[] => {
  const whole = parseJson(text);
  if (whole) return [whole.value];
  const values: unknown[] = [];
  let depth = 0;
  let inString = false;
  let escaped = false;
  let start = -1;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (escaped) escaped = false;
      else if (char === "\\") escaped = true;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === "{" || char === "[") {
      if (depth === 0) start = index;
      depth += 1;
    } else if ((char === "}" || char === "]") && depth > 0) {
      depth -= 1;
      if (depth === 0) {
        const piece = parseJson(text.slice(start, index + 1));
        if (piece) values.push(piece.value);
      }
    }
  }
  return values;
};

/**
 * Finds the Product among a page's JSON-LD scripts ("sometimes several JSON objects in one script":
 * an array, a `@graph`, or objects one after another). Malformed JSON is skipped: the visible page is
 * the fallback.
 */
export const findJsonLdProduct = (scriptTexts: string[]): JsonLdProduct | undefined => {
  for (const text of scriptTexts) {
    for (const candidate of jsonValuesInScript(text).flatMap(flatten)) {
      const result = productSchema.safeParse(candidate);
      if (!result.success) continue;
      const types = [result.data["@type"]].flat();
      if (!types.includes("Product")) continue;
      const product = result.data;
      const offer = [product.offers].flat().find((o) => o !== undefined);
      const brand = typeof product.brand === "string" ? product.brand : product.brand?.name;
      return {
        name: product.name?.trim() || undefined,
        sku: product.sku,
        gtin: product.gtin13 ?? product.gtin,
        description: product.description?.trim() || undefined,
        brand: brand?.trim() || undefined,
        priceCents: offer?.price === undefined ? undefined : (parsePriceToCents(offer.price) ?? undefined),
        currency: offer?.priceCurrency,
        available: availabilityOf(offer?.availability),
      };
    }
  }
  return undefined;
};
