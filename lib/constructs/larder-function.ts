import { Duration, RemovalPolicy, Stack, Validations } from "aws-cdk-lib";
import type { ITable } from "aws-cdk-lib/aws-dynamodb";
import type { IEventBus } from "aws-cdk-lib/aws-events";
import { PolicyStatement, Role, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { Architecture, Function as LambdaFunction, Tracing } from "aws-cdk-lib/aws-lambda";
import { LogGroup, type RetentionDays } from "aws-cdk-lib/aws-logs";
import type { ISecret } from "aws-cdk-lib/aws-secretsmanager";
import { Construct } from "constructs";
import type { FunctionDefinition } from "../definition-types";
import { acknowledgeWildcardResource } from "../nag-findings";
import { executionArnPattern, stateMachineArn } from "../resource-names";
import { chromiumLayerOf } from "./chromium-layer";
import { functionRuntime } from "./function-runtime";
import { lambdaCode } from "./lambda-code";
import { storeBundling } from "./store-bundling";

export { functionRuntime };

const defaultTimeoutSeconds = 30;
const defaultMemoryMb = 512;

export interface LarderFunctionProps {
  definition: FunctionDefinition;
  /** The area the function belongs to: its Powertools service name. */
  area: string;
  stage: string;
  sandbox: boolean;
  logRetention: RetentionDays;
  logLevel: string;
}

/**
 * The project's Lambda: arm64, bundled locally by the shared bundler (lib/bundling/lambda-bundle.ts: esbuild,
 * ESM split into chunks, source maps), traced, logging to its own group with a retention. Dependencies are wired by the `bind*` methods, each of which grants
 * access and sets the environment variable the code reads in one step, so the two never drift apart.
 */
export class LarderFunction extends Construct {
  readonly definition: FunctionDefinition;
  readonly function: LambdaFunction;

  constructor(scope: Construct, id: string, props: LarderFunctionProps) {
    super(scope, id);
    const { definition } = props;
    this.definition = definition;
    const needsStore = definition.needs.includes("store");
    const logGroup = new LogGroup(this, "Logs", {
      retention: props.logRetention,
      removalPolicy: props.sandbox ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });
    // An explicit role that may write to this log group only, instead of the AWS managed basic
    // execution policy that allows writing to every log group in the account.
    const role = new Role(this, "Role", {
      assumedBy: new ServicePrincipal("lambda.amazonaws.com"),
      description: `Runs ${definition.id}`,
    });
    logGroup.grantWrite(role);

    this.function = new LambdaFunction(this, "Function", {
      code: lambdaCode(definition),
      handler: `index.${definition.handler}`,
      description: definition.description,
      runtime: functionRuntime,
      // The Chromium that @sparticuz/chromium ships on npm is an x86_64 binary.
      architecture: needsStore ? Architecture.X86_64 : Architecture.ARM_64,
      timeout: Duration.seconds(definition.timeoutSeconds ?? defaultTimeoutSeconds),
      memorySize: definition.memoryMb ?? (needsStore ? storeBundling.minimumMemoryMb : defaultMemoryMb),
      role,
      logGroup,
      ...(needsStore ? { layers: [chromiumLayerOf(Stack.of(this))] } : {}),
      tracing: Tracing.ACTIVE,
      environment: {
        ...definition.environment,
        STAGE: props.stage,
        POWERTOOLS_SERVICE_NAME: `larder-${props.area}`,
        LOG_LEVEL: props.logLevel,
        NODE_OPTIONS: "--enable-source-maps",
        ...(needsStore ? storeBundling.environment : {}),
      },
    });

    // X-Ray's PutTraceSegments/PutTelemetryRecords take no resource ARN.
    Validations.of(this).acknowledge({
      id: "AwsSolutions-IAM5[Resource::*]",
      reason: "X-Ray tracing actions do not support resource-level permissions",
    });
  }

  /** Read-write access to the table and its indexes, and `TABLE_NAME`. */
  bindTable(table: ITable): this {
    table.grantReadWriteData(this.function);
    this.function.addEnvironment("TABLE_NAME", table.tableName);
    acknowledgeWildcardResource(
      this,
      `${table.tableArn}/index/*`,
      "Queries use the table's secondary indexes; the grant is limited to this table's indexes",
    );
    return this;
  }

  /** `EVENT_BUS_NAME` and events:PutEvents on that bus only: the function publishes domain events. */
  bindEventBus(bus: IEventBus): this {
    this.function.addEnvironment("EVENT_BUS_NAME", bus.eventBusName);
    bus.grantPutEventsTo(this.function);
    return this;
  }

  /** `STORE_URL`: the store the function's store tools drive. */
  bindStore(storeUrl: string): this {
    this.function.addEnvironment("STORE_URL", storeUrl);
    return this;
  }

  /** Read access to a secret, and its id in `envName` (the value itself never enters the environment). */
  bindSecret(envName: string, secret: ISecret): this {
    secret.grantRead(this.function);
    // A secret imported by name has only a partial ARN, which GetSecretValue may not resolve: use the name.
    this.function.addEnvironment(envName, secret.secretFullArn ?? secret.secretName);
    return this;
  }

  /**
   * Start and inspect the named state machines, and `WORKFLOW_ARNS` = `{ workflowName: arn }`. ARNs are
   * built from names, so a function may start a workflow that invokes the same function.
   */
  bindWorkflows(workflows: ReadonlyArray<{ workflowName: string; stateMachineName: string }>): this {
    if (workflows.length === 0) return this;
    const arns = Object.fromEntries(
      workflows.map((w) => [w.workflowName, stateMachineArn(this, w.stateMachineName)]),
    );
    this.function.addEnvironment("WORKFLOW_ARNS", Stack.of(this).toJsonString(arns));
    this.function.addToRolePolicy(
      new PolicyStatement({ actions: ["states:StartExecution"], resources: Object.values(arns) }),
    );
    // Resuming a Task paused on `.waitForTaskToken` (a human review step); as CDK's grantTaskResponse.
    this.function.addToRolePolicy(
      new PolicyStatement({
        actions: ["states:SendTaskSuccess", "states:SendTaskFailure"],
        resources: Object.values(arns),
      }),
    );
    this.function.addToRolePolicy(
      new PolicyStatement({
        actions: ["states:DescribeExecution", "states:GetExecutionHistory"],
        resources: workflows.map((w) => executionArnPattern(this, w.stateMachineName)),
      }),
    );
    for (const w of workflows) {
      acknowledgeWildcardResource(
        this,
        executionArnPattern(this, w.stateMachineName),
        "Execution names are generated per run; the grant covers executions of this one state machine",
      );
    }
    return this;
  }
}
