import { emptyToolInputSchema } from "./empty-tool-input";
import { createStoreToolHandler } from "./store-tool-handler";

/** ShopListPastOrdersTool: the household's order history, newest first, with each order's lines. */
export const handler = createStoreToolHandler("listPastOrders", emptyToolInputSchema, (tools) =>
  tools.listPastOrders(),
);
