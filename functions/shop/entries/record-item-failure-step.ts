import { SHOP_TABLE_STEPS } from "../wiring/shop-table-steps";
import { tableSources } from "../wiring/step-table";

/** Coordinator, Map item, RecordItemFailure: the item recorded as failed (shop-table-steps.ts). */
export const handler = SHOP_TABLE_STEPS.ShopRecordItemFailure.handlerFor(tableSources);
