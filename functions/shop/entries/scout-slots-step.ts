import { SHOP_STORE_STEPS } from "../wiring/shop-store-steps";
import { storeSources } from "../wiring/step-store";
import { tableSources } from "../wiring/step-table";

/** Coordinator, ScoutSlots: recommends a delivery slot, never books one (shop-store-steps.ts). */
export const handler = SHOP_STORE_STEPS.ShopScoutSlots.handlerFor({ ...tableSources, ...storeSources });
