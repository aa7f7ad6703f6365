/**
 * The one door to an embedding model, beside the LLM port. Domain code receives an `EmbeddingPort` and
 * never imports a provider SDK. Every provider answers vectors of the same configured dimension, so the
 * schema's `vector(512)` holds any of them; `model` is stored with each vector because vectors of two
 * models are not comparable.
 */
export interface EmbeddingPort {
  /** `openai`, `bedrock` or `local`. */
  readonly provider: EmbeddingProviderName;
  /** The model id stored beside each vector (`text-embedding-3-small`, `local-feature-hash-v1`). */
  readonly model: string;
  readonly dimensions: number;
  /**
   * One vector per text, in order, L2-normalised. `purpose` says whether the texts are stored documents
   * or a search query (recorded in usage; providers with asymmetric models use it).
   */
  embed(texts: readonly string[], options: EmbedOptions): Promise<EmbeddingResult>;
}

export type EmbeddingProviderName = "openai" | "bedrock" | "local";

export interface EmbedOptions {
  purpose: "document" | "query";
  signal?: AbortSignal;
}

export interface EmbeddingResult {
  vectors: number[][];
  model: string;
  usage: EmbeddingUsage;
}

/** One `embed` call's usage, logged like an LLM call's (`embedding usage`). */
export interface EmbeddingUsage {
  provider: EmbeddingProviderName;
  model: string;
  purpose: EmbedOptions["purpose"];
  texts: number;
  /** Tokens the provider counted; 0 for `local`. */
  inputTokens: number;
  /** Provider requests (batches). */
  requests: number;
  latencyMs: number;
  outcome: "ok" | "error";
  errorCode?: string;
}
