import { SHOP_STORE_STEPS } from "../wiring/shop-store-steps";
import { storeSources } from "../wiring/step-store";
import { tableSources } from "../wiring/step-table";

/** Coordinator, BuildCart: past-order items and a plan's shopping list, into the cart (shop-store-steps.ts). */
export const handler = SHOP_STORE_STEPS.ShopBuildCart.handlerFor({ ...tableSources, ...storeSources });
