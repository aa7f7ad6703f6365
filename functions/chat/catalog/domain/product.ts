/**
 * A catalog product as the pipeline sees it. `price` is in minor units (kopecks for RUB, cents for USD),
 * as the seed stores it; filter input is in major units (rubles).
 */
export interface Product {
  id: string;
  name: string;
  category: string;
  brand: string;
  /** Integer minor units. */
  price: number;
  currency: string;
  /** 0-5. */
  rating: number;
  stock_quantity: number;
  attributes?: Record<string, unknown>;
}

/** The product fields a template may show, in display order. */
const DISPLAY_FIELDS = ["name", "brand", "category", "price", "rating", "stock_quantity"] as const;

/** The fields the given products carry (a brand left empty everywhere is not a field of the result). */
export const fieldsOf = (products: readonly Product[]): string[] =>
  products.length === 0
    ? []
    : DISPLAY_FIELDS.filter((field) =>
        products.some((p) => {
          const value = p[field];
          return typeof value === "number" || value.trim() !== "";
        }),
      );
