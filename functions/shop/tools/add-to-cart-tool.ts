import { addToCartInputSchema } from "../adapters/store/tools/add-to-cart";
import { createStoreToolHandler } from "./store-tool-handler";

/** ShopAddToCartTool: adds an available product to the household's cart; never checks out. */
export const handler = createStoreToolHandler("addToCart", addToCartInputSchema, (tools, input) =>
  tools.addToCart(input),
);
