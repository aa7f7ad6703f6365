import { ShopScanCart } from "../wiring/shop-store-steps";
import { logSources } from "../wiring/step-logger";
import { storeSources } from "../wiring/step-store";
import { tableSources } from "../wiring/step-table";

/** Coordinator, ScanCart: the cart's unavailable lines as Map items (shop-store-steps.ts). */
export const handler = ShopScanCart.handlerFor({ ...tableSources, ...storeSources, ...logSources });
