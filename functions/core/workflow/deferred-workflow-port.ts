import type { WorkflowPort } from "./workflow-port";

/**
 * A WorkflowPort that resolves the real one only when a method is called: a handler whose routes mostly
 * read the table (GET a negotiation) then never needs `WORKFLOW_ARNS` or the local runner for those
 * routes, and a missing workflow configuration fails only the requests that start or resume one.
 */
export const deferredWorkflowPort = (resolve: () => WorkflowPort): WorkflowPort => ({
  start: (workflowName, input, options) => resolve().start(workflowName, input, options),
  describe: (executionId) => resolve().describe(executionId),
  sendTaskSuccess: (taskToken, output) => resolve().sendTaskSuccess(taskToken, output),
  sendTaskFailure: (taskToken, error, cause) => resolve().sendTaskFailure(taskToken, error, cause),
});
