import { getOrderDetailInputSchema } from "../adapters/store/tools/get-order-detail";
import { createStoreToolHandler } from "./store-tool-handler";

/** ShopGetOrderDetailTool: one past order's detail page, line by line (what the cart builder re-buys). */
export const handler = createStoreToolHandler("getOrderDetail", getOrderDetailInputSchema, (tools, input) =>
  tools.getOrderDetail(input),
);
