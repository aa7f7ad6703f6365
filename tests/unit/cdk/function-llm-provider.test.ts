import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AreaDefinition } from "../../../lib/definition-types";
import { logicalIdOf, type SynthesizedLarder, synthLarder } from "../../support/cdk/synth-larder";
import { type Resources, renderIntrinsics } from "../../support/cdk/template-intrinsics";
import { SYNTH_TIMEOUT_MS, scaledTimeout } from "../../support/test-timeouts";

// A function's preferred provider and override, as CDK deploys them (unbundled: bundling is covered elsewhere).
const echoEntry = "tests/unit/cdk/fixtures/echo-handler.ts";
const areas: AreaDefinition[] = [
  {
    area: "providers",
    functions: [
      {
        id: "PrefersOpenAi",
        entry: echoEntry,
        handler: "handler",
        description: "Prefers OpenAI",
        needs: ["llm"],
        llm: { preferredProvider: "openai" },
      },
      {
        id: "OverriddenToBedrock",
        entry: echoEntry,
        handler: "handler",
        description: "Runs Bedrock whatever the stack says",
        needs: ["llm"],
        llm: { preferredProvider: "openai" },
        environment: { OVERRIDDEN_TO_BEDROCK_LLM_PROVIDER: "bedrock" },
      },
      {
        id: "StackProvider",
        entry: echoEntry,
        handler: "handler",
        description: "The stack's provider",
        needs: ["llm"],
      },
    ],
    routes: [{ route: "GET /health", functionId: "StackProvider", public: true }],
    workflows: [],
    schedules: [],
  },
];

let synth: SynthesizedLarder;
let resources: Resources;

beforeAll(() => {
  synth = synthLarder({
    areas,
    bundle: false,
    context: { llmProvider: "anthropic", openaiApiKeySecretName: "team/openai" },
  });
  resources = synth.template.toJSON().Resources as Resources;
}, scaledTimeout(SYNTH_TIMEOUT_MS));
afterAll(() => synth.dispose());

const propertiesOf = (id: string) =>
  resources[logicalIdOf(synth.stack.functions.get(id).function)]?.Properties as {
    Environment: { Variables: Record<string, unknown> };
    Role: { "Fn::GetAtt": [string, string] };
  };

const actionsOf = (id: string): string[] => {
  const roleId = propertiesOf(id).Role["Fn::GetAtt"][0];
  return Object.values(resources)
    .filter((r) => r.Type === "AWS::IAM::Policy")
    .map((r) => r.Properties as { Roles: { Ref: string }[]; PolicyDocument: { Statement: unknown[] } })
    .filter((p) => p.Roles.some((role) => role.Ref === roleId))
    .flatMap((p) => p.PolicyDocument.Statement as { Action: string | string[] }[])
    .flatMap((s) => [s.Action].flat());
};

describe("a deployed function's model provider", () => {
  it("gets its preferred provider as its override when that key is a configured secret", () => {
    const env = propertiesOf("PrefersOpenAi").Environment.Variables;
    expect(env.PREFERS_OPEN_AI_LLM_PROVIDER).toBe("openai");
    expect(env.LLM_PROVIDER).toBe("anthropic");
    expect(renderIntrinsics(env.OPENAI_API_KEY_SECRET_ID)).toContain("team/openai");
  });

  it("keeps the definition's own override, and gets Bedrock's IAM when that is its provider", () => {
    expect(propertiesOf("OverriddenToBedrock").Environment.Variables.OVERRIDDEN_TO_BEDROCK_LLM_PROVIDER).toBe(
      "bedrock",
    );
    expect(actionsOf("OverriddenToBedrock")).toContain("bedrock:InvokeModel");
    expect(actionsOf("PrefersOpenAi")).not.toContain("bedrock:InvokeModel");
  });

  it("leaves a function without a preference on the stack's provider", () => {
    const env = propertiesOf("StackProvider").Environment.Variables;
    expect(env.LLM_PROVIDER).toBe("anthropic");
    expect(Object.keys(env).filter((k) => k.endsWith("_LLM_PROVIDER"))).toEqual([]);
  });
});
