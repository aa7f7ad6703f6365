import { SHOP_TABLE_STEPS } from "../wiring/shop-table-steps";
import { tableSources } from "../wiring/step-table";
import { workflowSources } from "../wiring/step-workflows";

/** Weekly schedule, StartDueRuns: starts the runs due this hour (shop-table-steps.ts). */
export const handler = SHOP_TABLE_STEPS.ShopStartWeeklyRuns.handlerFor({
  ...tableSources,
  ...workflowSources,
});
