import { z } from "zod";
import { envString, envUrl, parseConfig } from "../config";
import { ConfigError } from "../errors";
import type { ApiKeySource } from "../llm/llm-config";
import type { EmbeddingProviderName } from "./embedding-port";
import { LOCAL_EMBEDDING_MODEL } from "./local-embedding";

/** The schema's `vector(512)`: one dimension for every provider (OpenAI and Titan V2 both offer 512). */
export const EMBEDDING_DIMENSIONS = 512;

export const DEFAULT_EMBEDDING_MODELS: Record<EmbeddingProviderName, string> = {
  openai: "text-embedding-3-small",
  bedrock: "amazon.titan-embed-text-v2:0",
  local: LOCAL_EMBEDDING_MODEL,
};

interface Common {
  model: string;
  dimensions: number;
  maxRetries: number;
  timeoutMs: number;
}

export type EmbeddingConfig =
  | (Common & { provider: "local" })
  | (Common & { provider: "openai"; apiKey: ApiKeySource; baseUrl: string | undefined })
  | (Common & { provider: "bedrock"; region: string; baseUrl: string | undefined });

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const embeddingEnvSchema = z.object({
  EMBEDDING_PROVIDER: optional(z.enum(["openai", "bedrock", "local"])),
  EMBEDDING_MODEL: optional(envString()),
  // The LLM core's retry rules and call budget apply to embedding calls too.
  LLM_MAX_RETRIES: optional(z.coerce.number().int().min(0).max(10)).transform((v) => v ?? 2),
  LLM_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(900_000)).transform((v) => v ?? 60_000),
  OPENAI_API_KEY: optional(envString()),
  OPENAI_API_KEY_SECRET_ID: optional(envString()),
  OPENAI_BASE_URL: optional(envUrl()),
  AWS_REGION: optional(envString()),
  BEDROCK_RUNTIME_BASE_URL: optional(envUrl()),
});

/**
 * `EMBEDDING_PROVIDER` (`openai`, `bedrock`, `local`); unset means `local`. Never inferred from a key:
 * a new provider means new vectors, so the switch is explicit.
 */
export const readEmbeddingConfig = (
  env: Record<string, string | undefined> = process.env,
): EmbeddingConfig => {
  const vars = parseConfig(embeddingEnvSchema, env);
  const provider = vars.EMBEDDING_PROVIDER ?? "local";
  const common: Common = {
    model: vars.EMBEDDING_MODEL ?? DEFAULT_EMBEDDING_MODELS[provider],
    dimensions: EMBEDDING_DIMENSIONS,
    maxRetries: vars.LLM_MAX_RETRIES,
    timeoutMs: vars.LLM_TIMEOUT_MS,
  };
  switch (provider) {
    case "local":
      return { ...common, provider };
    case "openai": {
      const apiKey: ApiKeySource | undefined = vars.OPENAI_API_KEY
        ? { kind: "env", value: vars.OPENAI_API_KEY }
        : vars.OPENAI_API_KEY_SECRET_ID
          ? { kind: "secret", secretId: vars.OPENAI_API_KEY_SECRET_ID }
          : vars.OPENAI_BASE_URL
            ? { kind: "not_needed" }
            : undefined;
      if (!apiKey) {
        throw new ConfigError(
          "Invalid configuration: OPENAI_API_KEY is missing for EMBEDDING_PROVIDER=openai (or set OPENAI_API_KEY_SECRET_ID, or OPENAI_BASE_URL)",
          { details: { variables: ["OPENAI_API_KEY", "OPENAI_API_KEY_SECRET_ID"] } },
        );
      }
      return { ...common, provider, apiKey, baseUrl: vars.OPENAI_BASE_URL };
    }
    case "bedrock":
      if (!vars.AWS_REGION) {
        throw new ConfigError("Invalid configuration: AWS_REGION is missing (Bedrock needs a region)", {
          details: { variables: ["AWS_REGION"] },
        });
      }
      return { ...common, provider, region: vars.AWS_REGION, baseUrl: vars.BEDROCK_RUNTIME_BASE_URL };
  }
};
