import { z } from "zod";
import { fieldsOf, type Product } from "../product";
import type { SessionState } from "../session-state";
import type { ToolOutcome } from "./tool-outcome";

export const FILTER_PRODUCTS = "filter_products";

export const FilterProductsInputSchema = z
  .object({
    min_price: z.number().nonnegative().optional().describe("Minimum price filter, in rubles (inclusive)"),
    max_price: z.number().nonnegative().optional().describe("Maximum price filter, in rubles (inclusive)"),
    brand: z.string().max(200).optional().describe("Brand filter (case-insensitive)"),
    min_rating: z.number().min(0).max(5).optional().describe("Minimum rating (0-5)"),
    in_stock: z.boolean().optional().describe("Only show in-stock items"),
  })
  .strict();
export type FilterProductsInput = z.output<typeof FilterProductsInputSchema>;

interface FilterCriteria {
  minPrice: number;
  maxPrice: number;
  brand: string;
  minRating: number;
  inStock: boolean;
}

/** The seed's matchesFilter: prices in kopecks compared in whole rubles; zero means "no bound". */
export const matchesFilter = (p: Product, c: FilterCriteria): boolean => {
  const priceRubles = Math.trunc(p.price / 100);
  if (c.minPrice > 0 && priceRubles < c.minPrice) return false;
  if (c.maxPrice > 0 && priceRubles > c.maxPrice) return false;
  if (c.brand !== "" && p.brand.toLowerCase() !== c.brand) return false;
  if (c.minRating > 0 && p.rating < c.minRating) return false;
  if (c.inStock && p.stock_quantity <= 0) return false;
  return true;
};

const criteriaOf = (input: FilterProductsInput): FilterCriteria => ({
  // The seed reads the bounds with int(): fractional rubles are truncated.
  minPrice: Math.trunc(input.min_price ?? 0),
  maxPrice: Math.trunc(input.max_price ?? 0),
  brand: (input.brand ?? "").toLowerCase(),
  minRating: input.min_rating ?? 0,
  inStock: input.in_stock ?? false,
});

/** Filters the state's products in memory (no new search). */
export const filterProducts = (state: SessionState, input: FilterProductsInput): ToolOutcome => {
  if (state.current.data.products.length === 0) return { tool_result: "empty: no products to filter" };
  const criteria = criteriaOf(input);
  const filtered = state.current.data.products.filter((p) => matchesFilter(p, criteria));
  if (filtered.length === 0) return { tool_result: "empty: no products match filter" };
  const fields = fieldsOf(filtered);
  const step = state.step + 1;
  return {
    tool_result: `ok: ${filtered.length} products match filter`,
    change: {
      state: {
        current: {
          data: { products: filtered },
          meta: { ...state.current.meta, count: filtered.length, fields },
        },
        step,
      },
      delta: {
        step,
        action: { type: "FILTER", tool: FILTER_PRODUCTS, params: { ...input } },
        result: { count: filtered.length, fields },
      },
    },
  };
};
