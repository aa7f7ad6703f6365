import { SHOP_TABLE_STEPS } from "../wiring/shop-table-steps";
import { tableSources } from "../wiring/step-table";

/** Coordinator, Map item, RecordItem: the item's recommendation, written to the run (shop-table-steps.ts). */
export const handler = SHOP_TABLE_STEPS.ShopRecordItem.handlerFor(tableSources);
