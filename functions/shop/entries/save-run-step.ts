import { ShopSaveRun } from "../wiring/shop-table-steps";
import { logSources } from "../wiring/step-logger";
import { tableSources } from "../wiring/step-table";

/** Coordinator, SaveRun: the run's result, saved (shop-table-steps.ts). */
export const handler = ShopSaveRun.handlerFor({ ...tableSources, ...logSources });
