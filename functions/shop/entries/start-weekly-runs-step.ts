import { ShopStartWeeklyRuns } from "../wiring/shop-table-steps";
import { logSources } from "../wiring/step-logger";
import { tableSources } from "../wiring/step-table";
import { workflowSources } from "../wiring/step-workflows";

/** Weekly schedule, StartWeeklyRuns: starts the runs due this hour (shop-table-steps.ts). */
export const handler = ShopStartWeeklyRuns.handlerFor({ ...tableSources, ...workflowSources, ...logSources });
