import { emptyToolInputSchema } from "./empty-tool-input";
import { createStoreToolHandler } from "./store-tool-handler";

/** ShopScanCartTool: the household's cart lines with quantity, prices, unit price and availability. */
export const handler = createStoreToolHandler("scanCart", emptyToolInputSchema, (tools) => tools.scanCart());
