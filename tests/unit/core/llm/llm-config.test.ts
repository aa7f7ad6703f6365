import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../../functions/core/errors";
import { DEFAULT_MODELS } from "../../../../functions/core/llm/default-models";
import { readLlmConfig } from "../../../../functions/core/llm/llm-config";

const configError = (env: Record<string, string>): ConfigError => {
  try {
    readLlmConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
};

describe("readLlmConfig", () => {
  it("is offline (none) with a reason when no provider or key is set", () => {
    expect(readLlmConfig({})).toEqual({
      provider: "none",
      reason: "no LLM provider is configured (set LLM_PROVIDER, or ANTHROPIC_API_KEY or OPENAI_API_KEY)",
    });
    expect(readLlmConfig({ LLM_PROVIDER: "none", ANTHROPIC_API_KEY: "k" })).toMatchObject({
      provider: "none",
    });
  });

  it("infers the provider from a key and uses the provider's default models and settings", () => {
    expect(readLlmConfig({ OPENAI_API_KEY: "sk-test" })).toEqual({
      provider: "openai",
      apiKey: { kind: "env", value: "sk-test" },
      baseUrl: undefined,
      models: DEFAULT_MODELS.openai,
      maxRetries: 2,
      timeoutMs: 60_000,
      breakerOpenMs: 30_000,
      maxOutputTokens: 4096,
    });
  });

  it("takes models per role, retries, timeout and base URL from the environment", () => {
    const config = readLlmConfig({
      LLM_PROVIDER: "anthropic",
      ANTHROPIC_API_KEY: "k",
      ANTHROPIC_BASE_URL: "http://127.0.0.1:9999",
      LLM_MODEL: "claude-opus-5-5",
      LLM_FAST_MODEL: "claude-haiku-4-5",
      LLM_MAX_RETRIES: "5",
      LLM_TIMEOUT_MS: "20000",
      LLM_BREAKER_OPEN_MS: "5000",
    });
    expect(config).toMatchObject({
      breakerOpenMs: 5_000,
      provider: "anthropic",
      baseUrl: "http://127.0.0.1:9999",
      models: { default: "claude-opus-5-5", fast: "claude-haiku-4-5" },
      maxRetries: 5,
      timeoutMs: 20_000,
    });
  });

  it("reads the key from a secret in the deployed stack, never needing it in the environment", () => {
    expect(
      readLlmConfig({ LLM_PROVIDER: "anthropic", ANTHROPIC_API_KEY_SECRET_ID: "larder/anthropic" }),
    ).toMatchObject({
      apiKey: { kind: "secret", secretId: "larder/anthropic" },
    });
  });

  it("names the missing key variable when the chosen provider has no key", () => {
    const error = configError({ LLM_PROVIDER: "anthropic" });
    expect(error.message).toContain("ANTHROPIC_API_KEY is missing");
    expect(error.details).toEqual({ variables: ["ANTHROPIC_API_KEY", "ANTHROPIC_API_KEY_SECRET_ID"] });
  });

  it("accepts an OpenAI-compatible local server without a key", () => {
    expect(
      readLlmConfig({ LLM_PROVIDER: "openai", OPENAI_BASE_URL: "http://127.0.0.1:11434/v1" }),
    ).toMatchObject({
      apiKey: { kind: "not_needed" },
      baseUrl: "http://127.0.0.1:11434/v1",
    });
  });

  it("needs a region for Bedrock and uses the Bedrock model ids", () => {
    expect(configError({ LLM_PROVIDER: "bedrock" }).message).toContain("AWS_REGION is missing");
    expect(readLlmConfig({ LLM_PROVIDER: "bedrock", AWS_REGION: "eu-west-1" })).toMatchObject({
      provider: "bedrock",
      region: "eu-west-1",
      models: DEFAULT_MODELS.bedrock,
    });
  });

  it("names a malformed variable", () => {
    expect(configError({ OPENAI_API_KEY: "k", LLM_TIMEOUT_MS: "soon" }).message).toContain(
      "LLM_TIMEOUT_MS is malformed",
    );
    expect(configError({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: "not a url" }).message).toContain(
      "OPENAI_BASE_URL is malformed",
    );
  });

  it("treats empty variables as unset", () => {
    expect(readLlmConfig({ OPENAI_API_KEY: "k", LLM_MODEL: "", OPENAI_BASE_URL: "" })).toMatchObject({
      models: DEFAULT_MODELS.openai,
      baseUrl: undefined,
    });
  });
});
