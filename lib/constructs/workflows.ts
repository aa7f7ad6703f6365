import { readFileSync } from "node:fs";
import { join } from "node:path";
import { RemovalPolicy, Validations } from "aws-cdk-lib";
import type { IEventBus } from "aws-cdk-lib/aws-events";
import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import { LogGroup, type RetentionDays } from "aws-cdk-lib/aws-logs";
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from "aws-cdk-lib/aws-stepfunctions";
import { Construct } from "constructs";
import { aslPlaceholders, EVENT_BUS_PLACEHOLDER, substitutionMismatches } from "../asl-placeholders";
import type { WorkflowDefinition } from "../definition-types";
import { repositoryRoot } from "../repository-root";
import { stateMachineName } from "../resource-names";
import type { AreaFunctions } from "./area-functions";

export interface WorkflowsProps {
  workflows: readonly WorkflowDefinition[];
  functions: AreaFunctions;
  stage: string;
  sandbox: boolean;
  logRetention: RetentionDays;
  /** The bus a workflow's `events:putEvents` Tasks name through `${EventBusName}`. */
  eventBus: IEventBus;
}

/**
 * CDK ignores `timeout` for a `DefinitionBody.fromString` definition, so the definition's own top-level
 * `TimeoutSeconds` is set here (kept when the ASL already has one, as the local runner does).
 */
const withTimeoutSeconds = (asl: string, timeoutSeconds: number): string => {
  const definition = JSON.parse(asl) as Record<string, unknown>;
  if (definition.TimeoutSeconds === undefined) definition.TimeoutSeconds = timeoutSeconds;
  return JSON.stringify(definition);
};

/**
 * One Standard state machine per workflow definition, from the same `statemachines/*.asl.json` the local
 * runner executes, with each `${Key}` filled by the ARN of the function the definition names.
 */
export class Workflows extends Construct {
  private readonly byName = new Map<string, StateMachine>();

  constructor(scope: Construct, id: string, props: WorkflowsProps) {
    super(scope, id);
    for (const workflow of props.workflows) {
      if (this.byName.has(workflow.name)) throw new Error(`Workflow ${workflow.name} is defined twice`);
      // Inline (not an S3 asset) so the template shows the definition and tests can read it.
      const asl = withTimeoutSeconds(
        readFileSync(join(repositoryRoot, workflow.file), "utf8"),
        workflow.timeoutSeconds,
      );
      const mismatches = substitutionMismatches(asl, Object.keys(workflow.functionSubstitutions));
      if (mismatches.length > 0) {
        throw new Error(`Workflow ${workflow.name} (${workflow.file}): ${mismatches.join("; ")}`);
      }
      const taskFunctions = Object.entries(workflow.functionSubstitutions).map(
        ([key, functionId]) => [key, props.functions.get(functionId).function] as const,
      );

      const publishes = aslPlaceholders(asl).has(EVENT_BUS_PLACEHOLDER);
      const logGroup = new LogGroup(this, `${workflow.name}Logs`, {
        // Step Functions requires this prefix for log groups that vended logs write to.
        logGroupName: `/aws/vendedlogs/states/${stateMachineName(props.stage, workflow.name)}`,
        retention: props.logRetention,
        removalPolicy: props.sandbox ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
      });
      const machine = new StateMachine(this, workflow.name, {
        // A fixed name: functions that start this workflow build its ARN from the name.
        stateMachineName: stateMachineName(props.stage, workflow.name),
        stateMachineType: StateMachineType.STANDARD,
        definitionBody: DefinitionBody.fromString(asl),
        definitionSubstitutions: {
          ...Object.fromEntries(taskFunctions.map(([key, fn]) => [key, fn.functionArn])),
          ...(publishes ? { [EVENT_BUS_PLACEHOLDER]: props.eventBus.eventBusName } : {}),
        },
        tracingEnabled: true,
        logs: {
          destination: logGroup,
          level: LogLevel.ALL,
          // Step inputs carry user content (emails, plans); only sandbox logs keep it, for debugging.
          includeExecutionData: props.sandbox,
        },
        removalPolicy: RemovalPolicy.DESTROY,
      });
      // The unqualified ARNs the ASL names, not `grantInvoke`'s extra `<arn>:*` for versions and aliases.
      machine.addToRolePolicy(
        new PolicyStatement({
          actions: ["lambda:InvokeFunction"],
          resources: [...new Set(taskFunctions.map(([, fn]) => fn.functionArn))],
        }),
      );
      // Its PutEvents Tasks publish on the app's bus, and only there.
      if (publishes) {
        machine.addToRolePolicy(
          new PolicyStatement({ actions: ["events:PutEvents"], resources: [props.eventBus.eventBusArn] }),
        );
      }
      Validations.of(machine).acknowledge({
        id: "AwsSolutions-IAM5[Resource::*]",
        reason:
          "X-Ray tracing and CloudWatch Logs delivery actions do not support resource-level permissions",
      });
      this.byName.set(workflow.name, machine);
    }
  }

  /** The state machine of the named workflow; throws with the name when none is defined. */
  get(name: string): StateMachine {
    const machine = this.byName.get(name);
    if (!machine) throw new Error(`No workflow named ${name} (known: ${[...this.byName.keys()].join(", ")})`);
    return machine;
  }
}
