import { z } from "zod";
import type { SessionState } from "../session-state";
import type { ToolOutcome } from "./tool-outcome";

export const SORT_PRODUCTS = "sort_products";

export const SortProductsInputSchema = z
  .object({
    by: z.enum(["price", "rating"]).describe("The field to sort by"),
    order: z.enum(["asc", "desc"]).default("asc").describe("asc: lowest first; desc: highest first"),
  })
  .strict();
export type SortProductsInput = z.output<typeof SortProductsInputSchema>;

/** Reorders the state's products; ties keep their order (Array.prototype.sort is stable). */
export const sortProducts = (state: SessionState, input: SortProductsInput): ToolOutcome => {
  const products = state.current.data.products;
  if (products.length === 0) return { tool_result: "empty: no products to sort" };
  const sign = input.order === "asc" ? 1 : -1;
  const sorted = [...products].sort((a, b) => sign * (a[input.by] - b[input.by]));
  const step = state.step + 1;
  return {
    tool_result: `ok: ${sorted.length} products sorted by ${input.by} ${input.order}`,
    change: {
      state: { current: { data: { products: sorted }, meta: { ...state.current.meta } }, step },
      delta: {
        step,
        action: { type: "SORT", tool: SORT_PRODUCTS, params: { by: input.by, order: input.order } },
        result: { count: sorted.length, fields: state.current.meta.fields },
      },
    },
  };
};
