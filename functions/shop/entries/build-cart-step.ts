import { ShopBuildCart } from "../wiring/shop-store-steps";
import { logSources } from "../wiring/step-logger";
import { storeSources } from "../wiring/step-store";
import { tableSources } from "../wiring/step-table";

/** Coordinator, BuildCart: past-order items and a plan's shopping list, into the cart (shop-store-steps.ts). */
export const handler = ShopBuildCart.handlerFor({ ...tableSources, ...storeSources, ...logSources });
