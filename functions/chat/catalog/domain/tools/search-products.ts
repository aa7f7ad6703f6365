import { z } from "zod";
import { type CatalogPort, SEARCH_RESULT_LIMIT } from "../ports/catalog-port";
import { fieldsOf } from "../product";
import type { SessionState } from "../session-state";
import type { ToolOutcome } from "./tool-outcome";

export const SEARCH_PRODUCTS = "search_products";

export const SearchProductsInputSchema = z
  .object({
    query: z.string().trim().min(1).max(500).describe("What the user is looking for, in their words"),
    category: z.string().max(200).optional().describe("Category id or name"),
    brand: z.string().max(200).optional().describe("Brand (case-insensitive)"),
    min_price: z.number().nonnegative().optional().describe("Minimum price, in rubles (inclusive)"),
    max_price: z.number().nonnegative().optional().describe("Maximum price, in rubles (inclusive)"),
  })
  .strict();
export type SearchProductsInput = z.output<typeof SearchProductsInputSchema>;

/**
 * A new search: replaces the state's products. The delta records the products found as they were shown
 * (and their ids), so a rollback rebuilds this step from them instead of searching, or reading, a catalog
 * that may have changed since. A search that finds nothing
 * leaves the state as it was.
 */
export const searchProducts = async (
  catalog: CatalogPort,
  state: SessionState,
  input: SearchProductsInput,
): Promise<ToolOutcome> => {
  const products = await catalog.search(input, SEARCH_RESULT_LIMIT);
  if (products.length === 0) return { tool_result: "empty: no products found" };
  const fields = fieldsOf(products);
  const step = state.step + 1;
  return {
    tool_result: `ok: found ${products.length} products`,
    change: {
      // A new search starts a new view: a layout asked for earlier does not carry over.
      state: { current: { data: { products }, meta: { count: products.length, fields } }, step },
      delta: {
        step,
        action: { type: "SEARCH", tool: SEARCH_PRODUCTS, params: { ...input } },
        result: { count: products.length, fields, product_ids: products.map((p) => p.id) },
        // The products as shown, so a rollback replays this step with the values the user saw.
        replay: { products },
      },
    },
  };
};
