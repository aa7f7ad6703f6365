import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Match } from "aws-cdk-lib/assertions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableDefinition } from "../../../functions/core/db/table-definition";
import { repositoryRoot } from "../../../lib/repository-root";
import {
  logicalIdOf,
  onlyResource,
  type SynthesizedLarder,
  synthLarder,
  unacknowledgedNagFindings,
} from "../../support/cdk/synth-larder";
import { findDependencyCycle, type Resources, renderIntrinsics } from "../../support/cdk/template-intrinsics";
import { SYNTH_TIMEOUT_MS, scaledTimeout } from "../../support/test-timeouts";
import { FIXTURE_FLOW_TIMEOUT_SECONDS, fixtureAreas } from "./fixtures/fixture-areas";

// One bundled synth of the default (sandbox) stage, shared by every test in this file.
let synth: SynthesizedLarder;
let resources: Resources;
let ids: { table: string; frontApi: string; backWorker: string; stateMachine: string };

beforeAll(() => {
  synth = synthLarder({ areas: fixtureAreas });
  resources = synth.template.toJSON().Resources as Resources;
  ids = {
    table: logicalIdOf(synth.stack.table.table),
    frontApi: logicalIdOf(synth.stack.functions.get("FrontApi").function),
    backWorker: logicalIdOf(synth.stack.functions.get("BackWorker").function),
    stateMachine: logicalIdOf(synth.stack.workflows.get("fixture-flow")),
  };
}, scaledTimeout(SYNTH_TIMEOUT_MS));

afterAll(() => synth.dispose());

const functionProperties = (logicalId: string) => {
  const resource = resources[logicalId];
  if (resource?.Type !== "AWS::Lambda::Function") throw new Error(`${logicalId} is not a function`);
  return resource.Properties as {
    Environment: { Variables: Record<string, unknown> };
    Role: { "Fn::GetAtt": [string, string] };
    LoggingConfig: { LogGroup: { Ref: string } };
  } & Record<string, unknown>;
};

/** The statements of the inline policies attached to a function's role. */
const roleStatements = (functionLogicalId: string) => {
  const roleId = functionProperties(functionLogicalId).Role["Fn::GetAtt"][0];
  return Object.values(resources)
    .filter((r) => r.Type === "AWS::IAM::Policy")
    .map((r) => r.Properties as { Roles: { Ref: string }[]; PolicyDocument: { Statement: unknown[] } })
    .filter((p) => p.Roles.some((role) => role.Ref === roleId))
    .flatMap((p) => p.PolicyDocument.Statement) as { Action: string | string[]; Resource: unknown }[];
};

const actionsOn = (statements: { Action: string | string[]; Resource: unknown }[], resource: string) =>
  statements
    .filter((s) => [s.Resource].flat().some((r) => renderIntrinsics(r) === resource))
    .flatMap((s) => [s.Action].flat());

describe("table", () => {
  it("has the keys, index and TTL attribute of the shared table definition, on demand, with PITR", () => {
    synth.template.hasResourceProperties("AWS::DynamoDB::Table", {
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: "HASH" },
        { AttributeName: tableDefinition.sortKey, KeyType: "RANGE" },
      ],
      BillingMode: "PAY_PER_REQUEST",
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      GlobalSecondaryIndexes: tableDefinition.indexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: "HASH" },
          { AttributeName: index.sortKey, KeyType: "RANGE" },
        ],
        Projection: { ProjectionType: "ALL" },
      })),
    });
  });

  it("in a sandbox stage, is deleted with the stack and has no deletion protection", () => {
    const table = resources[ids.table] as { DeletionPolicy?: string; Properties: Record<string, unknown> };
    expect(table.DeletionPolicy).toBe("Delete");
    expect(table.Properties.DeletionProtectionEnabled).toBe(false);
  });
});

describe("functions", () => {
  it("run on Node 24, arm64, with active tracing, ESM handler and source maps enabled", () => {
    for (const id of [ids.frontApi, ids.backWorker]) {
      const fn = functionProperties(id);
      expect(fn).toMatchObject({
        Runtime: "nodejs24.x",
        Architectures: ["arm64"],
        Handler: "index.handler",
        TracingConfig: { Mode: "Active" },
      });
      expect(fn.Environment.Variables.NODE_OPTIONS).toBe("--enable-source-maps");
    }
  });

  it("take timeout, memory and extra environment from their definition, and defaults otherwise", () => {
    expect(functionProperties(ids.backWorker)).toMatchObject({ Timeout: 120, MemorySize: 1024 });
    expect(functionProperties(ids.backWorker).Environment.Variables).toMatchObject({
      WORKER_MODE: "fixture",
      STAGE: "sandbox",
      POWERTOOLS_SERVICE_NAME: "larder-back",
      LOG_LEVEL: "INFO",
    });
    expect(functionProperties(ids.frontApi)).toMatchObject({ Timeout: 30, MemorySize: 512 });
  });

  it("log to their own log group, with the configured retention", () => {
    const logGroupId = functionProperties(ids.frontApi).LoggingConfig.LogGroup.Ref;
    expect(resources[logGroupId]).toMatchObject({
      Type: "AWS::Logs::LogGroup",
      Properties: { RetentionInDays: 30 },
    });
    const logGroupArn = `<${logGroupId}.Arn>`;
    expect(actionsOn(roleStatements(ids.frontApi), logGroupArn).sort()).toEqual([
      "logs:CreateLogStream",
      "logs:PutLogEvents",
    ]);
  });

  it("use a role without the AWS managed basic execution policy (it allows every log group)", () => {
    const roleId = functionProperties(ids.frontApi).Role["Fn::GetAtt"][0];
    expect(resources[roleId]?.Properties).not.toHaveProperty("ManagedPolicyArns");
  });

  it("with the table need, get TABLE_NAME and read-write access to the table and its indexes", () => {
    expect(functionProperties(ids.backWorker).Environment.Variables.TABLE_NAME).toEqual({ Ref: ids.table });
    const statements = roleStatements(ids.backWorker);
    for (const resource of [`<${ids.table}.Arn>`, `<${ids.table}.Arn>/index/*`]) {
      expect(actionsOn(statements, resource)).toEqual(
        expect.arrayContaining(["dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:Query"]),
      );
    }
  });

  it("with the llm need, get both key secrets' ids with read access, and LLM_PROVIDER (default none)", () => {
    const env = functionProperties(ids.frontApi).Environment.Variables;
    expect(env.LLM_PROVIDER).toBe("none");
    const statements = roleStatements(ids.frontApi);
    for (const name of ["ANTHROPIC_API_KEY_SECRET_ID", "OPENAI_API_KEY_SECRET_ID"]) {
      const secretRef = env[name] as { Ref: string };
      expect(resources[secretRef.Ref]?.Type).toBe("AWS::SecretsManager::Secret");
      expect(actionsOn(statements, `<${secretRef.Ref}>`)).toContain("secretsmanager:GetSecretValue");
    }
    expect(functionProperties(ids.backWorker).Environment.Variables).not.toHaveProperty("LLM_PROVIDER");
  });

  it("with the workflows need, get WORKFLOW_ARNS naming each state machine's ARN, and start/inspect rights", () => {
    const machineArn = "arn:aws:states:eu-west-1:123456789012:stateMachine:larder-sandbox-fixture-flow";
    const workflowArns = JSON.parse(
      renderIntrinsics(functionProperties(ids.frontApi).Environment.Variables.WORKFLOW_ARNS),
    );
    expect(workflowArns).toEqual({ "fixture-flow": machineArn });
    expect(resources[ids.stateMachine]?.Properties).toMatchObject({
      StateMachineName: "larder-sandbox-fixture-flow",
    });

    const statements = roleStatements(ids.frontApi);
    // Start, and resume a Task paused on `.waitForTaskToken` (a review step).
    expect(actionsOn(statements, machineArn).sort()).toEqual([
      "states:SendTaskFailure",
      "states:SendTaskSuccess",
      "states:StartExecution",
    ]);
    expect(
      actionsOn(
        statements,
        "arn:aws:states:eu-west-1:123456789012:execution:larder-sandbox-fixture-flow:*",
      ).sort(),
    ).toEqual(["states:DescribeExecution", "states:GetExecutionHistory"]);
    expect(functionProperties(ids.backWorker).Environment.Variables).not.toHaveProperty("WORKFLOW_ARNS");
  });

  it("are bundled by esbuild as an ESM module with its source map beside it", () => {
    const code = functionProperties(ids.frontApi).Code as { S3Key: string };
    const assetDirectory = join(synth.outdir, `asset.${code.S3Key.replace(/\.zip$/, "")}`);
    expect(existsSync(join(assetDirectory, "index.mjs.map"))).toBe(true);
    const bundle = readFileSync(join(assetDirectory, "index.mjs"), "utf8");
    expect(bundle).toMatch(/export\s*\{/);
    expect(bundle).toContain("sourceMappingURL=index.mjs.map");
  });
});

describe("HTTP API", () => {
  const route = (routeKey: string) => {
    const found = Object.values(resources).filter(
      (r) =>
        r.Type === "AWS::ApiGatewayV2::Route" && (r.Properties as { RouteKey: string }).RouteKey === routeKey,
    );
    expect(found).toHaveLength(1);
    return found[0]?.Properties as { AuthorizationType: string; AuthorizerId?: unknown };
  };

  it("has one route per definition: protected ones behind the JWT authorizer, public ones open", () => {
    const authorizerId = onlyResource(synth.template, "AWS::ApiGatewayV2::Authorizer").id;
    for (const key of ["GET /items/{item_id}", "POST /items"]) {
      expect(route(key)).toMatchObject({ AuthorizationType: "JWT", AuthorizerId: { Ref: authorizerId } });
    }
    for (const key of ["GET /health", "$default"]) {
      expect(route(key).AuthorizationType).toBe("NONE");
      expect(route(key)).not.toHaveProperty("AuthorizerId");
    }
    synth.template.resourceCountIs("AWS::ApiGatewayV2::Route", 4);
  });

  it("without jwtIssuer/jwtAudience, trusts a Cognito user pool and the app clients the stack creates", () => {
    const pool = onlyResource(synth.template, "AWS::Cognito::UserPool");
    const identity = synth.stack.api.userPool;
    if (!identity?.console) throw new Error("no user pool with a console client");
    // The API's own client (SRP sign-in) and the web console's (hosted UI, PKCE): larder-console.test.ts.
    const clients = [identity.client, identity.console.client].map((client) => ({
      Ref: logicalIdOf(client),
    }));
    synth.template.resourceCountIs("AWS::Cognito::UserPoolClient", 2);
    const config = onlyResource<{ JwtConfiguration: { Issuer: unknown; Audience: unknown[] } }>(
      synth.template,
      "AWS::ApiGatewayV2::Authorizer",
    ).properties.JwtConfiguration;
    expect(renderIntrinsics(config.Issuer)).toBe(`https://cognito-idp.eu-west-1.amazonaws.com/<${pool.id}>`);
    expect(config.Audience).toEqual(clients);
  });

  it("writes JSON access logs to a log group and throttles the default stage", () => {
    synth.template.hasResourceProperties("AWS::ApiGatewayV2::Stage", {
      StageName: "$default",
      AutoDeploy: true,
      AccessLogSettings: {
        DestinationArn: { "Fn::GetAtt": [Match.stringLikeRegexp("AccessLogs"), "Arn"] },
        Format: Match.serializedJson(
          Match.objectLike({ requestId: "$context.requestId", status: "$context.status" }),
        ),
      },
      DefaultRouteSettings: { ThrottlingRateLimit: 25, ThrottlingBurstLimit: 50 },
    });
  });
});

describe("workflows", () => {
  it("deploy the ASL file with its timeout set, each substitution resolved to its function's ARN", () => {
    const asl = JSON.parse(
      readFileSync(join(repositoryRoot, "tests/unit/cdk/fixtures/fixture-flow.asl.json"), "utf8"),
    ) as Record<string, unknown>;
    const properties = resources[ids.stateMachine]?.Properties as { DefinitionString: string };
    // CDK ignores `timeout` for string definitions, so the definition itself must carry TimeoutSeconds.
    expect(JSON.parse(properties.DefinitionString)).toEqual({
      ...asl,
      TimeoutSeconds: FIXTURE_FLOW_TIMEOUT_SECONDS,
    });
    expect(resources[ids.stateMachine]?.Properties).toMatchObject({
      StateMachineType: "STANDARD",
      DefinitionSubstitutions: {
        WorkerFnArn: { "Fn::GetAtt": [ids.backWorker, "Arn"] },
        ApiFnArn: { "Fn::GetAtt": [ids.frontApi, "Arn"] },
      },
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: { Level: "ALL", IncludeExecutionData: true },
    });
  });

  it("may invoke the functions their tasks name", () => {
    const machine = resources[ids.stateMachine]?.Properties as {
      RoleArn: { "Fn::GetAtt": [string, string] };
    };
    const roleId = machine.RoleArn["Fn::GetAtt"][0];
    const statements = Object.values(resources)
      .filter((r) => r.Type === "AWS::IAM::Policy")
      .map((r) => r.Properties as { Roles: { Ref: string }[]; PolicyDocument: { Statement: unknown[] } })
      .filter((p) => p.Roles.some((role) => role.Ref === roleId))
      .flatMap((p) => p.PolicyDocument.Statement) as { Action: string | string[]; Resource: unknown }[];
    for (const fn of [ids.backWorker, ids.frontApi]) {
      expect(actionsOn(statements, `<${fn}.Arn>`)).toContain("lambda:InvokeFunction");
    }
  });

  it("form no dependency cycle, although FrontApi both starts fixture-flow and is one of its tasks", () => {
    expect(findDependencyCycle(resources)).toBeUndefined();
  });
});

describe("schedules", () => {
  it("start their target workflow with the definition's fixed input", () => {
    synth.template.hasResourceProperties("AWS::Scheduler::Schedule", {
      Name: "larder-sandbox-nightly-fixture",
      ScheduleExpression: "cron(0 3 * * ? *)",
      State: "ENABLED",
      Target: {
        Arn: { Ref: ids.stateMachine },
        Input: JSON.stringify({ kind: "nightly", limit: 5 }),
      },
    });
  });
});

describe("cdk-nag", () => {
  it("reports no unacknowledged AwsSolutions finding", () => {
    expect(unacknowledgedNagFindings(synth.stack)).toEqual([]);
  });
});
