import { SFNClient } from "@aws-sdk/client-sfn";
import { configOnce } from "../config";
import { createSfnWorkflowAdapter } from "./sfn-workflow-adapter";
import { readWorkflowArns } from "./workflow-arns-config";
import type { WorkflowPort } from "./workflow-port";

let localWorkflowPort: WorkflowPort | undefined;

/**
 * The local stack calls handlers inside its own process, where there is no Step Functions to call: it
 * installs its runner here at start (and `undefined` at shutdown). Nothing else should call this; tests
 * hand ports to domain code as parameters instead.
 */
export const installLocalWorkflowPort = (port: WorkflowPort | undefined): void => {
  localWorkflowPort = port;
};

const sfnWorkflowPortFromEnvironment = configOnce(() =>
  createSfnWorkflowAdapter({ client: new SFNClient({}), workflowArns: readWorkflowArns() }),
);

/**
 * The WorkflowPort a handler hands to its domain code: the local runner in the local stack, otherwise
 * Step Functions with the state machines named in `WORKFLOW_ARNS` (read once, on first use).
 */
export const processWorkflowPort = (): WorkflowPort => localWorkflowPort ?? sfnWorkflowPortFromEnvironment();
