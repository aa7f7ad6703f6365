import { emptyToolInputSchema } from "./empty-tool-input";
import { createStoreToolHandler } from "./store-tool-handler";

/** ShopListDeliverySlotsTool: home delivery slots as the store shows them; it never books one. */
export const handler = createStoreToolHandler("listDeliverySlots", emptyToolInputSchema, (tools) =>
  tools.listDeliverySlots(),
);
