import { describe, expect, it } from "vitest";
import { campaignChatLlmPreference } from "../../../../functions/chat/campaigns/wiring/campaign-chat-config";
import { ConfigError } from "../../../../functions/core/errors";
import {
  chooseLlmProvider,
  functionLlmProviderVariable,
} from "../../../../functions/core/llm/function-llm-provider";
import { readFunctionLlmConfig } from "../../../../functions/core/llm/llm-config";
import { findFunction } from "../../../../lib/areas";
import { deployedLlmProvider } from "../../../../lib/constructs/area-functions";
import type { LarderSettings } from "../../../../lib/larder-settings";

const OVERRIDE = "CHAT_CAMPAIGNS_API_LLM_PROVIDER";
const bothKeys = { ANTHROPIC_API_KEY: "sk-ant-test", OPENAI_API_KEY: "sk-openai-test" };
const choose = (env: Record<string, string>) => chooseLlmProvider(env, campaignChatLlmPreference);

const configErrorOf = (run: () => unknown): ConfigError => {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
};

describe("the campaign chat's model provider", () => {
  it("is declared in its area definition: OpenAI preferred, overridden by CHAT_CAMPAIGNS_API_LLM_PROVIDER", () => {
    expect(findFunction("ChatCampaignsApi").llm).toEqual({ preferredProvider: "openai" });
    expect(campaignChatLlmPreference).toEqual({
      functionId: "ChatCampaignsApi",
      preferredProvider: "openai",
    });
    expect(functionLlmProviderVariable("ChatCampaignsApi")).toBe(OVERRIDE);
  });

  it("is OpenAI when both keys are set, although the stack infers Anthropic first", () => {
    expect(choose(bothKeys)).toEqual({
      provider: "openai",
      source: "function_preference",
      variable: "OPENAI_API_KEY",
    });
    // The local stack writes the inferred provider into LLM_PROVIDER; the preference still wins.
    expect(choose({ ...bothKeys, LLM_PROVIDER: "anthropic" }).provider).toBe("openai");
    // A keyless OpenAI-compatible server (Ollama) counts as configured, as readLlmConfig accepts it.
    expect(choose({ LLM_PROVIDER: "anthropic", ...bothKeys, OPENAI_API_KEY: "" })).toMatchObject({
      provider: "anthropic",
    });
    expect(
      choose({ LLM_PROVIDER: "anthropic", ANTHROPIC_API_KEY: "k", OPENAI_BASE_URL: "http://127.0.0.1:1/v1" }),
    ).toMatchObject({ provider: "openai", variable: "OPENAI_BASE_URL" });
  });

  it("falls back to the stack's provider when no OpenAI key is configured", () => {
    expect(choose({ ANTHROPIC_API_KEY: "k" })).toEqual({
      provider: "anthropic",
      source: "stack",
      variable: "LLM_PROVIDER",
    });
    expect(choose({ LLM_PROVIDER: "bedrock", AWS_REGION: "eu-west-1" }).provider).toBe("bedrock");
    // A secret id alone is not "configured": deployed stacks bind both ids, placeholders included.
    expect(
      choose({ LLM_PROVIDER: "anthropic", ANTHROPIC_API_KEY: "k", OPENAI_API_KEY_SECRET_ID: "arn:x" })
        .provider,
    ).toBe("anthropic");
  });

  it("stays offline when the stack is offline, preference or not", () => {
    expect(choose({ ...bothKeys, LLM_PROVIDER: "none" })).toMatchObject({
      provider: "none",
      source: "stack",
    });
    expect(choose({}).provider).toBe("none");
  });

  it("takes any provider of the LLM core (or none) from the override, over the preference", () => {
    for (const provider of ["anthropic", "openai", "bedrock", "none"] as const) {
      expect(choose({ ...bothKeys, [OVERRIDE]: provider })).toEqual({
        provider,
        source: "function_override",
        variable: OVERRIDE,
      });
    }
    expect(choose({ ...bothKeys, LLM_PROVIDER: "none", [OVERRIDE]: "anthropic" }).provider).toBe("anthropic");
    expect(choose({ ...bothKeys, [OVERRIDE]: "" }).provider).toBe("openai");
  });

  it("fails naming the variable for a malformed override or LLM_PROVIDER", () => {
    const override = configErrorOf(() => choose({ ...bothKeys, [OVERRIDE]: "gpt" }));
    expect(override.message).toContain(`${OVERRIDE} is malformed`);
    expect(override.details).toEqual({ variables: [OVERRIDE] });
    const stack = configErrorOf(() => choose({ ...bothKeys, LLM_PROVIDER: "claude" }));
    expect(stack.message).toContain("LLM_PROVIDER is malformed");
  });

  it("reads the chosen provider's config, failing with the key's name when an override lacks it", () => {
    const { config, choice } = readFunctionLlmConfig(campaignChatLlmPreference, bothKeys);
    expect(choice.provider).toBe("openai");
    expect(config).toMatchObject({ provider: "openai", apiKey: { kind: "env", value: "sk-openai-test" } });
    const missing = configErrorOf(() =>
      readFunctionLlmConfig(campaignChatLlmPreference, { OPENAI_API_KEY: "k", [OVERRIDE]: "anthropic" }),
    );
    expect(missing.message).toContain("ANTHROPIC_API_KEY is missing");
    expect(
      readFunctionLlmConfig(campaignChatLlmPreference, { ...bothKeys, [OVERRIDE]: "none" }).config,
    ).toEqual({ provider: "none", reason: `no LLM provider is configured (${OVERRIDE}=none)` });
  });
});

describe("the provider CDK gives a deployed function", () => {
  const settings = (overrides: Partial<LarderSettings>): LarderSettings =>
    ({ stage: "sandbox", llmProvider: "anthropic", ...overrides }) as LarderSettings;
  const chat = findFunction("ChatCampaignsApi");

  it("writes the OpenAI preference as the override only when the OpenAI key is a real secret", () => {
    expect(deployedLlmProvider(chat, settings({ openaiApiKeySecretName: "team/openai" }))).toEqual({
      provider: "openai",
      writeOverride: "openai",
    });
    expect(deployedLlmProvider(chat, settings({}))).toEqual({ provider: "anthropic" });
    expect(deployedLlmProvider(chat, settings({ llmProvider: "openai" }))).toEqual({ provider: "openai" });
    expect(
      deployedLlmProvider(chat, settings({ llmProvider: "none", openaiApiKeySecretName: "team/openai" })),
    ).toEqual({ provider: "none" });
  });

  it("lets the definition's environment choose any provider (bedrock gets its IAM from this)", () => {
    const overridden = { ...chat, environment: { [OVERRIDE]: "bedrock" } };
    expect(deployedLlmProvider(overridden, settings({ openaiApiKeySecretName: "team/openai" }))).toEqual({
      provider: "bedrock",
    });
    expect(
      deployedLlmProvider(findFunction("ChatCatalogApi"), settings({ openaiApiKeySecretName: "x" })),
    ).toEqual({ provider: "anthropic" });
  });
});
