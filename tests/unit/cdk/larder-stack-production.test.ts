import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableDefinition } from "../../../functions/core/db/table-definition";
import {
  logicalIdOf,
  onlyResource,
  type SynthesizedLarder,
  synthLarder,
  unacknowledgedNagFindings,
} from "../../support/cdk/synth-larder";
import { type Resources, renderIntrinsics } from "../../support/cdk/template-intrinsics";
import { SYNTH_TIMEOUT_MS, scaledTimeout } from "../../support/test-timeouts";
import { fixtureAreas } from "./fixtures/fixture-areas";

// A non-sandbox stage with an external identity provider, Bedrock and existing secrets: every
// context-driven branch the default synth does not take, in a concrete account and region (finding ids
// and ARNs render differently there). Unbundled: bundling is covered elsewhere.
let synth: SynthesizedLarder;
let resources: Resources;

beforeAll(() => {
  synth = synthLarder({
    areas: fixtureAreas,
    bundle: false,
    env: { account: "210987654321", region: "eu-central-1" },
    context: {
      stage: "prod",
      jwtIssuer: "https://auth.example.com/",
      jwtAudience: "larder-web,larder-mobile",
      llmProvider: "bedrock",
      anthropicApiKeySecretName: "shared/anthropic",
      openaiApiKeySecretName: "shared/openai",
      logRetentionDays: "90",
    },
  });
  resources = synth.template.toJSON().Resources as Resources;
}, scaledTimeout(SYNTH_TIMEOUT_MS));

afterAll(() => synth.dispose());

const frontApiProperties = () =>
  resources[logicalIdOf(synth.stack.functions.get("FrontApi").function)]?.Properties as {
    Environment: { Variables: Record<string, unknown> };
  };

describe("a non-sandbox stage", () => {
  it("retains the table and turns deletion protection on, with PITR and TTL as in a sandbox", () => {
    const table = resources[logicalIdOf(synth.stack.table.table)] as {
      DeletionPolicy?: string;
      UpdateReplacePolicy?: string;
      Properties: Record<string, unknown>;
    };
    expect(table.DeletionPolicy).toBe("Retain");
    expect(table.UpdateReplacePolicy).toBe("Retain");
    expect(table.Properties.DeletionProtectionEnabled).toBe(true);
    expect(table.Properties).toMatchObject({
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
    });
  });

  it("keeps step inputs and outputs out of workflow logs", () => {
    synth.template.hasResourceProperties("AWS::StepFunctions::StateMachine", {
      StateMachineName: "larder-prod-fixture-flow",
      LoggingConfiguration: { Level: "ALL", IncludeExecutionData: false },
    });
  });

  it("applies the configured log retention to every log group", () => {
    const retentions = Object.values(synth.template.findResources("AWS::Logs::LogGroup")).map(
      (g) => (g.Properties as { RetentionInDays: number }).RetentionInDays,
    );
    expect(retentions.length).toBeGreaterThan(0);
    expect(new Set(retentions)).toEqual(new Set([90]));
  });
});

describe("with jwtIssuer and jwtAudience", () => {
  it("the authorizer trusts that issuer and audience, and the stack creates no user pool", () => {
    const authorizer = onlyResource(synth.template, "AWS::ApiGatewayV2::Authorizer");
    expect(authorizer.properties).toMatchObject({
      AuthorizerType: "JWT",
      IdentitySource: ["$request.header.Authorization"],
      JwtConfiguration: { Issuer: "https://auth.example.com/", Audience: ["larder-web", "larder-mobile"] },
    });
    synth.template.resourceCountIs("AWS::Cognito::UserPool", 0);
  });

  it("publishes no console (it signs in with the stack's user pool) and so opens no CORS", () => {
    expect(synth.stack.console).toBeUndefined();
    synth.template.resourceCountIs("AWS::CloudFront::Distribution", 0);
    expect(
      onlyResource(synth.template, "AWS::ApiGatewayV2::Api").properties.CorsConfiguration,
    ).toBeUndefined();
  });
});

describe("with llmProvider=bedrock and existing secrets", () => {
  it("LLM functions get the provider, the secrets by name, and may invoke Bedrock models", () => {
    expect(frontApiProperties().Environment.Variables).toMatchObject({
      LLM_PROVIDER: "bedrock",
      ANTHROPIC_API_KEY_SECRET_ID: "shared/anthropic",
      OPENAI_API_KEY_SECRET_ID: "shared/openai",
    });
    // The only secret the stack creates is the search database's credentials.
    expect(Object.keys(synth.template.findResources("AWS::SecretsManager::Secret"))).toEqual([
      expect.stringMatching(/SearchClusterSecret/),
    ]);
    const policies = JSON.stringify(synth.template.findResources("AWS::IAM::Policy"));
    expect(policies).toContain("bedrock:InvokeModel");
    expect(policies).toContain(":secret:shared/anthropic-??????");
  });

  it("functions without the llm need get no Bedrock access", () => {
    const backWorker = resources[logicalIdOf(synth.stack.functions.get("BackWorker").function)] as {
      Properties: { Role: { "Fn::GetAtt": [string, string] } };
    };
    const backRoleId = backWorker.Properties.Role["Fn::GetAtt"][0];
    const backPolicies = Object.values(synth.template.findResources("AWS::IAM::Policy")).filter((p) =>
      JSON.stringify(p.Properties.Roles).includes(backRoleId),
    );
    expect(backPolicies.length).toBeGreaterThan(0);
    expect(JSON.stringify(backPolicies)).not.toContain("bedrock:");
  });
});

describe("cdk-nag", () => {
  it("reports no unacknowledged AwsSolutions finding for this configuration either", () => {
    expect(unacknowledgedNagFindings(synth.stack)).toEqual([]);
  });
});

describe("the WORKFLOW_ARNS of a prod stage", () => {
  it("name the prod state machines", () => {
    expect(JSON.parse(renderIntrinsics(frontApiProperties().Environment.Variables.WORKFLOW_ARNS))).toEqual({
      "fixture-flow": "arn:aws:states:eu-central-1:210987654321:stateMachine:larder-prod-fixture-flow",
    });
  });
});
