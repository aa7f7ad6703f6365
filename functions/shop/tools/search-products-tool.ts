import { searchProductsInputSchema } from "../adapters/store/tools/search-products";
import { createStoreToolHandler } from "./store-tool-handler";

/** ShopSearchProductsTool: a shopper's search (paging, unit-price sort, brand facet, availableOnly). */
export const handler = createStoreToolHandler("searchProducts", searchProductsInputSchema, (tools, input) =>
  tools.searchProducts(input),
);
