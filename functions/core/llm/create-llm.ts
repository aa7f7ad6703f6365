import { lazyTableProviderConditions } from "../db/lazy-provider-conditions";
import { createLogger } from "../logger";
import { createAttemptCountingFetch } from "./attempt-counting-fetch";
import { createLlmClient, type LlmClientOptions, type LlmLogger } from "./llm-client";
import type { ApiKeySource, LlmConfig } from "./llm-config";
import { LlmUnavailable } from "./llm-errors";
import type { LlmPort } from "./llm-port";
import type { ModelDriver } from "./model-driver";
import { providerBreaker } from "./provider-breaker";
import { cacheSecretReads, type SecretReader } from "./secret-reader";
import { createUnavailableLlm } from "./unavailable-llm";

export interface CreateLlmDependencies {
  /** Reads keys named by `*_API_KEY_SECRET_ID`; defaults to Secrets Manager / SSM. Reads are cached. */
  secretReader?: SecretReader;
  /** Per-call usage logs; defaults to a Powertools logger named `llm`. `null` logs nothing. */
  logger?: LlmLogger | null;
  /** The fetch under the SDKs (tests may wrap it); defaults to the global fetch. */
  fetch?: typeof fetch;
}

const ANTHROPIC_DEFAULT_BASE_URL = "https://api.anthropic.com";
const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

/**
 * Builds the port for the configured provider. Synchronous, so a handler builds it at module load; the
 * SDK client (and the key, when it lives in a secret) is created on the first call and kept for the
 * container's life.
 *
 * The provider's SDK and driver are dynamic imports, so a bundle splits each into its own chunk and a
 * container loads only the configured provider's, on its first model call, never at cold start
 * (ARCHITECTURE.md, "How a Lambda stays within budget"). The AWS secret clients load the same way.
 */
export const createLlm = (config: LlmConfig, dependencies: CreateLlmDependencies = {}): LlmPort => {
  if (config.provider === "none") return createUnavailableLlm(config.reason);
  const fetch = createAttemptCountingFetch(dependencies.fetch ?? globalThis.fetch);
  const secrets = cacheSecretReads(dependencies.secretReader ?? lazyAwsSecretReader());
  const sdkOptions = { maxRetries: config.maxRetries, timeout: config.timeoutMs, fetch };

  const buildDriver = async (): Promise<ModelDriver> => {
    switch (config.provider) {
      case "anthropic": {
        const [apiKey, { default: Anthropic }, { createAnthropicDriver }] = await Promise.all([
          readApiKey(config.provider, config.apiKey, secrets),
          import("@anthropic-ai/sdk"),
          import("./anthropic-driver"),
        ]);
        const client = new Anthropic({
          ...sdkOptions,
          apiKey,
          baseURL: config.baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL,
        });
        return createAnthropicDriver(config.provider, client);
      }
      case "openai": {
        const [apiKey, { default: OpenAI }, { createOpenAiDriver }] = await Promise.all([
          readApiKey(config.provider, config.apiKey, secrets),
          import("openai"),
          import("./openai-driver"),
        ]);
        const client = new OpenAI({
          ...sdkOptions,
          apiKey,
          baseURL: config.baseUrl ?? OPENAI_DEFAULT_BASE_URL,
        });
        return createOpenAiDriver(config.provider, client);
      }
      case "bedrock": {
        // IAM credentials from the default AWS chain (the Lambda role); no API key.
        const [{ AnthropicBedrock }, { createAnthropicDriver }] = await Promise.all([
          import("@anthropic-ai/bedrock-sdk"),
          import("./anthropic-driver"),
        ]);
        const client = new AnthropicBedrock({
          ...sdkOptions,
          awsRegion: config.region,
          ...(config.baseUrl ? { baseURL: config.baseUrl } : {}),
        });
        return createAnthropicDriver(config.provider, client);
      }
    }
  };

  const options: LlmClientOptions = {
    driver: lazyDriver(config.provider, buildDriver),
    models: config.models,
    timeoutMs: config.timeoutMs,
    maxOutputTokens: config.maxOutputTokens,
    ...(config.breakerOpenMs > 0
      ? {
          breaker: providerBreaker(
            { provider: config.provider, endpoint: config.baseUrl ?? defaultEndpointOf(config.provider) },
            {
              openMs: config.breakerOpenMs,
              ...(config.sharedConditions
                ? { shared: lazyTableProviderConditions(config.sharedConditions) }
                : {}),
            },
          ),
        }
      : {}),
  };
  const logger = dependencies.logger === undefined ? createLogger("llm") : dependencies.logger;
  return createLlmClient(logger ? { ...options, logger } : options);
};

const defaultEndpointOf = (provider: "anthropic" | "openai" | "bedrock"): string =>
  provider === "anthropic"
    ? ANTHROPIC_DEFAULT_BASE_URL
    : provider === "openai"
      ? OPENAI_DEFAULT_BASE_URL
      : "bedrock";

/** The Secrets Manager / SSM adapter, its module (and the AWS clients in it) imported on the first read. */
const lazyAwsSecretReader = (): SecretReader => {
  let reader: Promise<SecretReader> | undefined;
  return {
    async read(secretId) {
      reader ??= import("./aws-secret-reader").then((m) => m.createAwsSecretReader());
      return (await reader).read(secretId);
    },
  };
};

const PLACEHOLDER_KEY_FOR_KEYLESS_SERVERS = "not-needed";

const readApiKey = async (provider: string, source: ApiKeySource, secrets: SecretReader): Promise<string> => {
  switch (source.kind) {
    case "env":
      return source.value;
    case "not_needed":
      return PLACEHOLDER_KEY_FOR_KEYLESS_SERVERS;
    case "secret":
      try {
        return await secrets.read(source.secretId);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new LlmUnavailable(`Cannot read the ${provider} API key from ${source.secretId}: ${reason}`, {
          code: "llm_key_unavailable",
          cause: error,
        });
      }
  }
};

/** Builds the real driver on first use; a failed build (a secret read) is retried on the next call. */
const lazyDriver = (provider: string, build: () => Promise<ModelDriver>): ModelDriver => {
  let driver: Promise<ModelDriver> | undefined;
  return {
    provider,
    async complete(request, counter) {
      driver ??= build();
      driver.catch(() => {
        driver = undefined;
      });
      return (await driver).complete(request, counter);
    },
  };
};
