import { SHOP_STORE_STEPS } from "../wiring/shop-store-steps";
import { storeSources } from "../wiring/step-store";
import { tableSources } from "../wiring/step-table";

/** Coordinator, ScanCart: the cart's unavailable lines as Map items (shop-store-steps.ts). */
export const handler = SHOP_STORE_STEPS.ShopScanCart.handlerFor({ ...tableSources, ...storeSources });
