import { ShopRecordItemFailure } from "../wiring/shop-table-steps";
import { logSources } from "../wiring/step-logger";
import { tableSources } from "../wiring/step-table";

/** Coordinator, Map item, RecordItemFailure: the item recorded as failed (shop-table-steps.ts). */
export const handler = ShopRecordItemFailure.handlerFor({ ...tableSources, ...logSources });
