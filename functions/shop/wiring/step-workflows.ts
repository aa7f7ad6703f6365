import { configOnce } from "../../core/config";
import { prefixedIdMaker } from "../../core/ids";
import { processWorkflowPort } from "../../core/workflow/process-workflow-port";
import { createDynamoWeeklyRunIndex } from "../adapters/dynamo-weekly-run-index";
import type { ShopWorkflowSources } from "./shop-step-sources";
import { shopTable } from "./shop-table";

/**
 * What the weekly tick starts runs with: the weekly-run index over the step's table (its one document
 * client), and the workflow port, resolved per call (the local stack installs its runner after the
 * handlers are imported).
 */
export const workflowSources: ShopWorkflowSources = {
  weeklyRuns: configOnce(() => createDynamoWeeklyRunIndex(shopTable())),
  workflows: () => processWorkflowPort(),
  newRunId: prefixedIdMaker("run"),
};
