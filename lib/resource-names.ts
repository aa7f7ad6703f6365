import { ArnFormat, Stack } from "aws-cdk-lib";
import type { Construct } from "constructs";

/** Physical names that other resources must know before the resource exists. */
export const stateMachineName = (stage: string, workflowName: string): string =>
  `larder-${stage}-${workflowName}`;

/**
 * A state machine's ARN built from its name. A function that starts a workflow whose tasks include that
 * same function would otherwise form a dependency cycle (function env → machine → function ARN).
 */
export const stateMachineArn = (scope: Construct, name: string): string =>
  Stack.of(scope).formatArn({
    service: "states",
    resource: "stateMachine",
    resourceName: name,
    arnFormat: ArnFormat.COLON_RESOURCE_NAME,
  });

/** ARNs of every execution of the named state machine (DescribeExecution, GetExecutionHistory). */
export const executionArnPattern = (scope: Construct, name: string): string =>
  Stack.of(scope).formatArn({
    service: "states",
    resource: "execution",
    resourceName: `${name}:*`,
    arnFormat: ArnFormat.COLON_RESOURCE_NAME,
  });
