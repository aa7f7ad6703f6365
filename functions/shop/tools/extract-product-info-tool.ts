import { extractProductInfoInputSchema } from "../adapters/store/tools/extract-product-info";
import { createStoreToolHandler } from "./store-tool-handler";

/** ShopExtractProductInfoTool: one product page, by URL or product id. */
export const handler = createStoreToolHandler(
  "extractProductInfo",
  extractProductInfoInputSchema,
  (tools, input) => tools.extractProductInfo(input),
);
