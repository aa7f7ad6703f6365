import { DependencyUnavailableError, LarderError, RateLimitedError, ValidationError } from "../errors";
import { createAwsSecretReader } from "../llm/aws-secret-reader";
import type { LlmLogger } from "../llm/llm-client";
import type { ApiKeySource } from "../llm/llm-config";
import { cacheSecretReads, type SecretReader } from "../llm/secret-reader";
import { createLogger } from "../logger";
import type { EmbeddingConfig } from "./embedding-config";
import type { EmbeddingPort, EmbeddingUsage } from "./embedding-port";
import { embedLocally } from "./local-embedding";

/** One provider request: some texts in, as many vectors out. */
interface EmbeddingDriver {
  /** Texts per request (OpenAI takes up to 2,048; Titan V2 one). */
  batchSize: number;
  /** Requests in flight at once. */
  concurrency: number;
  embedBatch(texts: string[], signal: AbortSignal): Promise<{ vectors: number[][]; inputTokens: number }>;
}

export interface CreateEmbeddingDependencies {
  secretReader?: SecretReader;
  /** Per-call usage logs; defaults to a Powertools logger named `embedding`. `null` logs nothing. */
  logger?: LlmLogger | null;
  /** Receives each call's usage (a request's totals, tests). */
  recordUsage?: (usage: EmbeddingUsage) => void;
  fetch?: typeof fetch;
  now?: () => number;
}

/** Texts are cut to this many characters: well inside OpenAI's 8,191 tokens and Titan V2's 50,000 characters. */
export const MAX_EMBEDDED_CHARACTERS = 8000;

/** OpenAI accepts 2,048 inputs and 300,000 tokens per request; 128 texts of ≤ 8,000 characters stay inside. */
const OPENAI_BATCH = 128;
const BEDROCK_CONCURRENCY = 4;

/**
 * Builds the port for the configured provider. Synchronous, so a handler builds it at module load; the
 * provider's SDK is imported on the first call (a Lambda loads only the one it is configured for).
 */
export const createEmbedding = (
  config: EmbeddingConfig,
  dependencies: CreateEmbeddingDependencies = {},
): EmbeddingPort => {
  const now = dependencies.now ?? Date.now;
  const logger = dependencies.logger === undefined ? createLogger("embedding") : dependencies.logger;
  const secrets = cacheSecretReads(dependencies.secretReader ?? createAwsSecretReader());
  let driver: Promise<EmbeddingDriver> | undefined;
  const openDriver = () => {
    driver ??= buildDriver(config, secrets, dependencies.fetch);
    driver.catch(() => {
      driver = undefined;
    });
    return driver;
  };

  return {
    provider: config.provider,
    model: config.model,
    dimensions: config.dimensions,
    async embed(texts, options) {
      texts.forEach((text, index) => {
        if (text.trim() === "") {
          throw new ValidationError(`texts.${index} is empty`, [
            { path: `texts.${index}`, message: "empty text" },
          ]);
        }
      });
      const started = now();
      const usage: EmbeddingUsage = {
        provider: config.provider,
        model: config.model,
        purpose: options.purpose,
        texts: texts.length,
        inputTokens: 0,
        requests: 0,
        latencyMs: 0,
        outcome: "ok",
      };
      const finish = () => {
        usage.latencyMs = now() - started;
        dependencies.recordUsage?.(usage);
      };
      const signal = options.signal
        ? AbortSignal.any([options.signal, AbortSignal.timeout(config.timeoutMs)])
        : AbortSignal.timeout(config.timeoutMs);
      try {
        const clipped = texts.map((text) => text.slice(0, MAX_EMBEDDED_CHARACTERS));
        const active = await openDriver();
        const batches: string[][] = [];
        for (let i = 0; i < clipped.length; i += active.batchSize)
          batches.push(clipped.slice(i, i + active.batchSize));
        const results: number[][][] = new Array(batches.length);
        let next = 0;
        const worker = async () => {
          while (next < batches.length) {
            const index = next++;
            const answer = await active.embedBatch(batches[index] as string[], signal);
            usage.requests += 1;
            usage.inputTokens += answer.inputTokens;
            results[index] = answer.vectors.map((vector, j) =>
              checkVector(vector, config.dimensions, index, j),
            );
          }
        };
        await Promise.all(Array.from({ length: Math.min(active.concurrency, batches.length) }, worker));
        const vectors = results.flat();
        finish();
        logger?.info("embedding usage", { embeddingUsage: usage });
        return { vectors, model: config.model, usage };
      } catch (error) {
        const mapped = mapProviderError(config.provider, error);
        usage.outcome = "error";
        usage.errorCode = mapped instanceof LarderError ? mapped.code : "embedding_failed";
        finish();
        logger?.warn("embedding usage", { embeddingUsage: usage });
        throw mapped;
      }
    },
  };
};

const checkVector = (vector: unknown, dimensions: number, batch: number, index: number): number[] => {
  if (!Array.isArray(vector) || vector.length !== dimensions || !vector.every((x) => Number.isFinite(x))) {
    throw new DependencyUnavailableError(
      `The embedding provider answered a vector that is not ${dimensions} numbers (batch ${batch}, item ${index})`,
      { code: "embedding_bad_response" },
    );
  }
  const norm = Math.hypot(...(vector as number[]));
  return norm === 0 ? (vector as number[]) : (vector as number[]).map((x) => x / norm);
};

/** The SDKs have already retried 408/409/429/5xx (`LLM_MAX_RETRIES`); what is left is mapped once here. */
const mapProviderError = (provider: string, error: unknown): unknown => {
  if (error instanceof LarderError) return error;
  const e = error as {
    status?: unknown;
    name?: unknown;
    $metadata?: { httpStatusCode?: number };
    message?: unknown;
  };
  const status = typeof e.status === "number" ? e.status : e.$metadata?.httpStatusCode;
  const name = typeof e.name === "string" ? e.name : "";
  if (status === 429 || name === "ThrottlingException") {
    return new RateLimitedError(`The ${provider} embedding provider is rate limiting`, { cause: error });
  }
  if (status === 400 || name === "ValidationException") {
    return new ValidationError(`The ${provider} embedding provider refused the input`, [], {
      code: "embedding_input_rejected",
      cause: error,
    });
  }
  const reason = name === "TimeoutError" || name === "AbortError" ? "timed out" : "failed";
  return new DependencyUnavailableError(`The ${provider} embedding call ${reason}`, {
    code: status === 401 || status === 403 ? "embedding_auth" : "embedding_unavailable",
    cause: error,
  });
};

const readApiKey = async (source: ApiKeySource, secrets: SecretReader): Promise<string> => {
  switch (source.kind) {
    case "env":
      return source.value;
    case "not_needed":
      return "not-needed";
    case "secret":
      try {
        return await secrets.read(source.secretId);
      } catch (error) {
        throw new DependencyUnavailableError(`Cannot read the OpenAI API key from ${source.secretId}`, {
          code: "embedding_key_unavailable",
          cause: error,
        });
      }
  }
};

const buildDriver = async (
  config: EmbeddingConfig,
  secrets: SecretReader,
  fetchImpl: typeof fetch | undefined,
): Promise<EmbeddingDriver> => {
  switch (config.provider) {
    case "local":
      return {
        batchSize: 256,
        concurrency: 1,
        embedBatch: async (texts) => ({
          vectors: texts.map((text) => embedLocally(text, config.dimensions)),
          inputTokens: 0,
        }),
      };
    case "openai": {
      const [{ default: OpenAI }, apiKey] = await Promise.all([
        import("openai"),
        readApiKey(config.apiKey, secrets),
      ]);
      const client = new OpenAI({
        apiKey,
        baseURL: config.baseUrl ?? "https://api.openai.com/v1",
        maxRetries: config.maxRetries,
        timeout: config.timeoutMs,
        ...(fetchImpl ? { fetch: fetchImpl } : {}),
      });
      return {
        batchSize: OPENAI_BATCH,
        concurrency: 2,
        async embedBatch(texts, signal) {
          const response = await client.embeddings.create(
            { model: config.model, input: texts, dimensions: config.dimensions, encoding_format: "float" },
            { signal },
          );
          const ordered = [...response.data].sort((a, b) => a.index - b.index);
          if (ordered.length !== texts.length) {
            throw new DependencyUnavailableError(
              "The OpenAI embedding answer has the wrong number of vectors",
              {
                code: "embedding_bad_response",
              },
            );
          }
          return {
            vectors: ordered.map((d) => d.embedding),
            inputTokens: response.usage?.prompt_tokens ?? 0,
          };
        },
      };
    }
    case "bedrock": {
      const { BedrockRuntimeClient, InvokeModelCommand } = await import("@aws-sdk/client-bedrock-runtime");
      const client = new BedrockRuntimeClient({
        region: config.region,
        maxAttempts: config.maxRetries + 1,
        ...(config.baseUrl ? { endpoint: config.baseUrl } : {}),
      });
      return {
        // Titan Text Embeddings V2 embeds one text per request.
        batchSize: 1,
        concurrency: BEDROCK_CONCURRENCY,
        async embedBatch(texts, signal) {
          const response = await client.send(
            new InvokeModelCommand({
              modelId: config.model,
              contentType: "application/json",
              accept: "application/json",
              body: JSON.stringify({ inputText: texts[0], dimensions: config.dimensions, normalize: true }),
            }),
            { abortSignal: signal },
          );
          const parsed = JSON.parse(new TextDecoder().decode(response.body)) as {
            embedding?: unknown;
            inputTextTokenCount?: number;
          };
          return { vectors: [parsed.embedding as number[]], inputTokens: parsed.inputTextTokenCount ?? 0 };
        },
      };
    }
  }
};
