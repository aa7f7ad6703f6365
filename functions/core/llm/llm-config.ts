import { z } from "zod";
import { envString, envUrl, parseConfig, resolveLlmProvider } from "../config";
import { ConfigError } from "../errors";
import { DEFAULT_MODELS } from "./default-models";
import {
  chooseLlmProvider,
  type FunctionLlmPreference,
  type LlmProviderChoice,
} from "./function-llm-provider";
import type { ModelRole } from "./llm-port";

/** Where an API key comes from: the environment (local runs) or a secret read once per container. */
export type ApiKeySource =
  | { kind: "env"; value: string }
  | { kind: "secret"; secretId: string }
  /** An OpenAI-compatible local server (Ollama) behind `OPENAI_BASE_URL` needs no key. */
  | { kind: "not_needed" };

interface CommonLlmConfig {
  models: Record<ModelRole, string>;
  maxRetries: number;
  timeoutMs: number;
  /** How long a provider that failed slow or down is skipped before one call tries it again. */
  breakerOpenMs: number;
  /**
   * Where a breaker that opens tells the other containers (the app table, when this function has one):
   * deployed, each step runs in its own container.
   */
  sharedConditions: { tableName: string; dynamoDbEndpoint: string | undefined } | undefined;
  maxOutputTokens: number;
}

export type LlmConfig =
  | { provider: "none"; reason: string }
  | (CommonLlmConfig & { provider: "anthropic"; apiKey: ApiKeySource; baseUrl: string | undefined })
  | (CommonLlmConfig & { provider: "openai"; apiKey: ApiKeySource; baseUrl: string | undefined })
  | (CommonLlmConfig & { provider: "bedrock"; region: string; baseUrl: string | undefined });

/** Empty variables count as unset, so `FOO=` in a .env file does not fail as "malformed". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const llmEnvSchema = z.object({
  LLM_MODEL: optional(envString()),
  LLM_FAST_MODEL: optional(envString()),
  // Documented defaults (README, bench/README.md): the SDKs' own retry count, a minute per call.
  LLM_MAX_RETRIES: optional(z.coerce.number().int().min(0).max(10)).transform((v) => v ?? 2),
  LLM_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(900_000)).transform((v) => v ?? 60_000),
  // Documented default (README, ARCHITECTURE.md): a provider that timed out is skipped for 30 s.
  LLM_BREAKER_OPEN_MS: optional(z.coerce.number().int().min(0).max(3_600_000)).transform((v) => v ?? 30_000),
  LLM_MAX_OUTPUT_TOKENS: optional(z.coerce.number().int().min(16).max(128_000)).transform((v) => v ?? 4096),
  ANTHROPIC_API_KEY: optional(envString()),
  ANTHROPIC_API_KEY_SECRET_ID: optional(envString()),
  ANTHROPIC_BASE_URL: optional(envUrl()),
  OPENAI_API_KEY: optional(envString()),
  OPENAI_API_KEY_SECRET_ID: optional(envString()),
  OPENAI_BASE_URL: optional(envUrl()),
  AWS_REGION: optional(envString()),
  ANTHROPIC_BEDROCK_BASE_URL: optional(envUrl()),
  TABLE_NAME: optional(envString()),
  DYNAMODB_ENDPOINT: optional(envUrl()),
});

const missing = (message: string, variables: string[]) =>
  new ConfigError(`Invalid configuration: ${message}`, { details: { variables } });

/**
 * Reads the LLM settings from the environment: `LLM_PROVIDER` (or the provider inferred from the keys),
 * the key or the id of the secret holding it, base URLs, models per role, retries, timeout. Fails with
 * the variable's name when a chosen provider lacks what it needs.
 */
export const readLlmConfig = (
  env: Record<string, string | undefined> = process.env,
  choice: Pick<LlmProviderChoice, "provider" | "variable"> = {
    provider: resolveLlmProvider(env),
    variable: "LLM_PROVIDER",
  },
): LlmConfig => {
  const { provider } = choice;
  if (provider === "none") {
    return {
      provider,
      reason: env[choice.variable]?.trim()
        ? `no LLM provider is configured (${choice.variable}=none)`
        : "no LLM provider is configured (set LLM_PROVIDER, or ANTHROPIC_API_KEY or OPENAI_API_KEY)",
    };
  }
  const vars = parseConfig(llmEnvSchema, env);
  const defaults = DEFAULT_MODELS[provider];
  const common: CommonLlmConfig = {
    models: { default: vars.LLM_MODEL ?? defaults.default, fast: vars.LLM_FAST_MODEL ?? defaults.fast },
    maxRetries: vars.LLM_MAX_RETRIES,
    timeoutMs: vars.LLM_TIMEOUT_MS,
    breakerOpenMs: vars.LLM_BREAKER_OPEN_MS,
    sharedConditions: vars.TABLE_NAME
      ? { tableName: vars.TABLE_NAME, dynamoDbEndpoint: vars.DYNAMODB_ENDPOINT }
      : undefined,
    maxOutputTokens: vars.LLM_MAX_OUTPUT_TOKENS,
  };
  switch (provider) {
    case "anthropic": {
      const apiKey = keySource(vars.ANTHROPIC_API_KEY, vars.ANTHROPIC_API_KEY_SECRET_ID);
      if (!apiKey) {
        throw missing("ANTHROPIC_API_KEY is missing (or set ANTHROPIC_API_KEY_SECRET_ID)", [
          "ANTHROPIC_API_KEY",
          "ANTHROPIC_API_KEY_SECRET_ID",
        ]);
      }
      return { ...common, provider, apiKey, baseUrl: vars.ANTHROPIC_BASE_URL };
    }
    case "openai": {
      const apiKey =
        keySource(vars.OPENAI_API_KEY, vars.OPENAI_API_KEY_SECRET_ID) ??
        (vars.OPENAI_BASE_URL ? { kind: "not_needed" as const } : undefined);
      if (!apiKey) {
        throw missing("OPENAI_API_KEY is missing (or set OPENAI_API_KEY_SECRET_ID, or OPENAI_BASE_URL)", [
          "OPENAI_API_KEY",
          "OPENAI_API_KEY_SECRET_ID",
        ]);
      }
      return { ...common, provider, apiKey, baseUrl: vars.OPENAI_BASE_URL };
    }
    case "bedrock": {
      if (!vars.AWS_REGION) throw missing("AWS_REGION is missing (Bedrock needs a region)", ["AWS_REGION"]);
      return { ...common, provider, region: vars.AWS_REGION, baseUrl: vars.ANTHROPIC_BEDROCK_BASE_URL };
    }
  }
};

/** A plain key wins over a secret id so a developer can override a deployed setting locally. */
const keySource = (value: string | undefined, secretId: string | undefined): ApiKeySource | undefined => {
  if (value) return { kind: "env", value };
  if (secretId) return { kind: "secret", secretId };
  return undefined;
};

/**
 * `readLlmConfig` for one function of an area: its provider is chosen by `chooseLlmProvider` (its override
 * variable, its preferred provider when that key is configured, else the stack's), and the choice comes
 * back with the config so the handler can log and report it.
 */
export const readFunctionLlmConfig = (
  preference: FunctionLlmPreference,
  env: Record<string, string | undefined> = process.env,
): { config: LlmConfig; choice: LlmProviderChoice } => {
  const choice = chooseLlmProvider(env, preference);
  return { config: readLlmConfig(env, choice), choice };
};
