import type { FakeLlmServer } from "../../../dev/fake-llm/fake-llm-server";
import { type CreateLlmDependencies, createLlm } from "../../../functions/core/llm/create-llm";
import { readLlmConfig } from "../../../functions/core/llm/llm-config";
import type { LlmPort } from "../../../functions/core/llm/llm-port";

export type RealProvider = "anthropic" | "openai" | "bedrock";

/** The environment that points a provider's official SDK at the fake server (never the network). */
export const envForFakeServer = (
  provider: RealProvider,
  server: FakeLlmServer,
  overrides: Record<string, string> = {},
): Record<string, string> => ({
  LLM_PROVIDER: provider,
  LLM_MAX_RETRIES: "2",
  LLM_TIMEOUT_MS: "10000",
  ...(provider === "anthropic"
    ? { ANTHROPIC_API_KEY: "test-anthropic-key", ANTHROPIC_BASE_URL: server.url }
    : {}),
  ...(provider === "openai"
    ? { OPENAI_API_KEY: "test-openai-key", OPENAI_BASE_URL: server.openaiBaseUrl }
    : {}),
  ...(provider === "bedrock" ? { AWS_REGION: "eu-west-1", ANTHROPIC_BEDROCK_BASE_URL: server.url } : {}),
  ...overrides,
});

/** The real port (official SDK, real HTTP) against the fake server. */
export const llmAgainst = (
  provider: RealProvider,
  server: FakeLlmServer,
  overrides: Record<string, string> = {},
  dependencies: CreateLlmDependencies = {},
): LlmPort =>
  createLlm(readLlmConfig(envForFakeServer(provider, server, overrides)), { logger: null, ...dependencies });
