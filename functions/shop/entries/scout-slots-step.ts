import { ShopScoutSlots } from "../wiring/shop-store-steps";
import { storeSources } from "../wiring/step-store";
import { tableSources } from "../wiring/step-table";

/** Coordinator, ScoutSlots: recommends a delivery slot, never books one (shop-store-steps.ts). */
export const handler = ShopScoutSlots.handlerFor({ ...tableSources, ...storeSources });
