import type { z } from "zod";
import { ValidationError } from "../../../../core/errors";
import type { CatalogPort } from "../ports/catalog-port";
import type { RecordedDelta, SessionState } from "../session-state";
import { CHANGE_LAYOUT, ChangeLayoutInputSchema, changeLayout } from "./change-layout";
import { FILTER_PRODUCTS, FilterProductsInputSchema, filterProducts } from "./filter-products";
import { ROLLBACK, RollbackInputSchema, rollback } from "./rollback";
import { SEARCH_PRODUCTS, SearchProductsInputSchema, searchProducts } from "./search-products";
import { SORT_PRODUCTS, SortProductsInputSchema, sortProducts } from "./sort-products";
import type { ToolOutcome } from "./tool-outcome";

export const CATALOG_TOOL_NAMES = [
  SEARCH_PRODUCTS,
  FILTER_PRODUCTS,
  SORT_PRODUCTS,
  CHANGE_LAYOUT,
  ROLLBACK,
] as const;
export type CatalogToolName = (typeof CATALOG_TOOL_NAMES)[number];

export const CATALOG_TOOL_SCHEMAS: Record<CatalogToolName, z.ZodType> = {
  search_products: SearchProductsInputSchema,
  filter_products: FilterProductsInputSchema,
  sort_products: SortProductsInputSchema,
  change_layout: ChangeLayoutInputSchema,
  rollback: RollbackInputSchema,
};

export const CATALOG_TOOL_DESCRIPTIONS: Record<CatalogToolName, string> = {
  search_products: "Search for products by query, category, brand, price range. Use for NEW searches.",
  filter_products:
    "Filter current products by criteria. Use when user wants to narrow down existing results (e.g., 'только дешевле 50000', 'only Nike'). Does NOT do new search.",
  sort_products: "Sort the current products by price or rating.",
  change_layout: "Show the current products as a grid, list, table or single card.",
  rollback: "Go back to an earlier step (undo). Without to_step: the previous step.",
};

export const isCatalogToolName = (name: string): name is CatalogToolName =>
  (CATALOG_TOOL_NAMES as readonly string[]).includes(name);

export interface ToolRunContext {
  catalog: CatalogPort;
  state: SessionState;
  /** Loaded only by the tools that replay history (rollback). */
  deltas: () => Promise<RecordedDelta[]>;
}

/** Validates a tool's arguments (untrusted: a client's or a model's) and runs the tool. */
export const runCatalogTool = async (
  context: ToolRunContext,
  tool: CatalogToolName,
  args: unknown,
): Promise<ToolOutcome> => {
  const parsed = CATALOG_TOOL_SCHEMAS[tool].safeParse(args ?? {});
  if (!parsed.success) {
    throw new ValidationError(
      `Invalid arguments for ${tool}`,
      parsed.error.issues.map((i) => ({ path: i.path.join(".") || "args", message: i.message })),
    );
  }
  const input = parsed.data as never;
  switch (tool) {
    case "search_products":
      return searchProducts(context.catalog, context.state, input);
    case "filter_products":
      return filterProducts(context.state, input);
    case "sort_products":
      return sortProducts(context.state, input);
    case "change_layout":
      return changeLayout(context.state, input);
    case "rollback":
      return rollback(context.catalog, context.state, await context.deltas(), input);
  }
};
