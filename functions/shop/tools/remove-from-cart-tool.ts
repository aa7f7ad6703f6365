import { removeFromCartInputSchema } from "../adapters/store/tools/remove-from-cart";
import { createStoreToolHandler } from "./store-tool-handler";

/** ShopRemoveFromCartTool: removes a product's line from the household's cart. */
export const handler = createStoreToolHandler("removeFromCart", removeFromCartInputSchema, (tools, input) =>
  tools.removeFromCart(input),
);
