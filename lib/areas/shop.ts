import type { AreaDefinition, FunctionDefinition } from "../definition-types";

/**
 * A page takes well under a second; a paged search reads up to 10 pages, each wait bounded by 15 s and by
 * the time this timeout leaves (less a margin), so a slow store is a StoreDeadlineExceededError, never a
 * Lambda timeout.
 */
const storeToolTimeoutSeconds = 60;
/** Chromium's floor (lib/constructs/store-bundling.ts); 2 GB also buys the CPU share page loads need. */
const storeToolMemoryMb = 2048;

const storeTool = (id: string, file: string, description: string): FunctionDefinition => ({
  id,
  entry: `functions/shop/tools/${file}`,
  handler: "handler",
  description,
  needs: ["store"],
  timeoutSeconds: storeToolTimeoutSeconds,
  memoryMb: storeToolMemoryMb,
});

/**
 * The shop area (seed 000): the Auchan.pt store tools, one Lambda each, invoked with
 * `{ householdId, input }` by the grocery coordinator's state machines (to come) or directly. Each runs
 * Chromium (one browser per container) with a fresh context per household. No routes yet.
 */
export const shopArea: AreaDefinition = {
  area: "shop",
  functions: [
    storeTool("ShopScanCartTool", "scan-cart-tool.ts", "Store tool: the household's cart with availability"),
    storeTool("ShopSearchProductsTool", "search-products-tool.ts", "Store tool: search the store's products"),
    storeTool(
      "ShopExtractProductInfoTool",
      "extract-product-info-tool.ts",
      "Store tool: read a product page",
    ),
    storeTool(
      "ShopListPastOrdersTool",
      "list-past-orders-tool.ts",
      "Store tool: the household's past orders",
    ),
    storeTool("ShopGetOrderDetailTool", "get-order-detail-tool.ts", "Store tool: what one past order bought"),
    storeTool("ShopListDeliverySlotsTool", "list-delivery-slots-tool.ts", "Store tool: home delivery slots"),
    storeTool(
      "ShopAddToCartTool",
      "add-to-cart-tool.ts",
      "Store tool: add a product to the household's cart",
    ),
    storeTool(
      "ShopRemoveFromCartTool",
      "remove-from-cart-tool.ts",
      "Store tool: remove a product from the cart",
    ),
  ],
  routes: [],
  workflows: [],
  schedules: [],
};
