import type { AttemptCounter } from "./attempt-counting-fetch";
import type { LlmMessage, LlmToolCall, LlmToolSpec, StopReason, ToolChoice } from "./llm-port";

/** One model request in provider-neutral terms; the LLM client builds it, a driver sends it. */
export interface DriverRequest {
  model: string;
  system: string;
  messages: LlmMessage[];
  tools: LlmToolSpec[];
  toolChoice: ToolChoice;
  maxOutputTokens: number;
  /** Sampling temperature, when the caller set one; otherwise the provider's default. */
  temperature?: number;
  signal: AbortSignal;
  /** Per HTTP attempt; the client's own timer bounds the whole call. */
  timeoutMs: number;
}

export interface DriverResponse {
  /** The model that answered, as the provider names it. */
  model: string;
  text: string;
  toolCalls: LlmToolCall[];
  stopReason: StopReason;
  /** Every input token, cached ones included. */
  inputTokens: number;
  outputTokens: number;
  /** Of `inputTokens`, those read from the provider's prompt cache (billed at a tenth on Anthropic, half on OpenAI). */
  cacheReadInputTokens?: number;
  /** Of `inputTokens`, those written to Anthropic's prompt cache (billed at 1.25 times). */
  cacheWriteInputTokens?: number;
}

/**
 * One provider's wire format behind one method. Throws LarderErrors (`toLlmError`), never SDK errors, and
 * counts HTTP attempts into `counter`.
 */
export interface ModelDriver {
  readonly provider: string;
  complete(request: DriverRequest, counter: AttemptCounter): Promise<DriverResponse>;
}
