import { ShopMarkRunFailed } from "../wiring/shop-table-steps";
import { tableSources } from "../wiring/step-table";

/** Coordinator, MarkRunFailed: a run whose run-level step failed for good, saved (shop-table-steps.ts). */
export const handler = ShopMarkRunFailed.handlerFor(tableSources);
