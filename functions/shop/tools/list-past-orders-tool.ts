import { listPastOrdersInputSchema } from "../adapters/store/tools/list-past-orders";
import { createStoreToolHandler } from "./store-tool-handler";

/**
 * ShopListPastOrdersTool: the household's order history, newest first; the lines of the
 * `linesForRecentOrders` most recent orders (default 3) from their detail pages. The input may be absent.
 */
export const handler = createStoreToolHandler(
  "listPastOrders",
  listPastOrdersInputSchema.optional(),
  (tools, input) => tools.listPastOrders(input ?? {}),
);
