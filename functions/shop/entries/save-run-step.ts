import { SHOP_TABLE_STEPS } from "../wiring/shop-table-steps";
import { tableSources } from "../wiring/step-table";

/** Coordinator, SaveRun: the run's result, saved (shop-table-steps.ts). */
export const handler = SHOP_TABLE_STEPS.ShopSaveRun.handlerFor(tableSources);
