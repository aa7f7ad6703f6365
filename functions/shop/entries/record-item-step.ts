import { ShopRecordItem } from "../wiring/shop-table-steps";
import { tableSources } from "../wiring/step-table";

/** Coordinator, Map item, RecordItem: the item's recommendation, written to the run (shop-table-steps.ts). */
export const handler = ShopRecordItem.handlerFor(tableSources);
