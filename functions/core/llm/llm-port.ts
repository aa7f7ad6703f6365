import type { z } from "zod";

/**
 * The one door to a language model. Domain code receives an `LlmPort` as a parameter and never imports a
 * provider SDK; tests pass `createFakeLlm()` (tests/support/llm/fake-llm.ts).
 */
export interface LlmPort {
  /**
   * Asks for one value of `schema`, as a forced call of a tool named `schemaName`, and checks it with zod.
   * Invalid output gets exactly one re-ask carrying the validation error; a second failure throws
   * `LlmOutputInvalid`.
   */
  structured<S extends z.ZodType>(request: StructuredRequest<S>): Promise<StructuredResult<z.output<S>>>;
  /** One model turn: the model answers with text and/or calls to the offered tools. */
  turn(request: TurnRequest): Promise<TurnResult>;
}

/** Which model of the provider to use: the capable default or the fast, cheap one. */
export type ModelRole = "default" | "fast";

/** A tool call as the model made it. `arguments` is parsed JSON, or the raw text when it was not JSON. */
export interface LlmToolCall {
  id: string;
  name: string;
  arguments: unknown;
}

/** What a tool call returned, sent back to the model. `content` is already wrapped as data by the caller. */
export interface LlmToolResult {
  callId: string;
  name: string;
  content: string;
  isError?: boolean;
}

/** Provider-neutral conversation messages; the system prompt travels separately. */
export type LlmMessage =
  | { role: "user"; content: string }
  | { role: "assistant"; content: string; toolCalls?: LlmToolCall[] }
  | { role: "tool"; results: LlmToolResult[] };

/** A tool offered to the model; `inputSchema` is a JSON schema object (see `toToolJsonSchema`). */
export interface LlmToolSpec {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** `required`: some tool must be called; `{ name }`: exactly that tool must be called. */
export type ToolChoice = "auto" | "none" | "required" | { name: string };

/** Why the model stopped: its answer is complete, it called tools, it hit the output limit, or else. */
export type StopReason = "end" | "tool_calls" | "max_tokens" | "other";

interface CallOptions {
  system: string;
  messages: LlmMessage[];
  model?: ModelRole;
  /** Aborts the call (all its attempts). */
  signal?: AbortSignal;
  /** Budget for the whole call, retries and re-ask included; defaults to `LLM_TIMEOUT_MS`. */
  timeoutMs?: number;
  /**
   * Epoch ms by which the call must have ended, retries and re-ask included: its budget is the lesser of
   * `timeoutMs` and what is left until then. A caller passes its own deadline less the time its offline
   * path needs, so a slow model leaves room for the answer without it.
   */
  deadline?: number;
  maxOutputTokens?: number;
  /**
   * Sampling temperature (0 to 1; each provider's own parameter). Unset, the provider's default. Seed
   * 000 runs its query enhancer at 0.3.
   */
  temperature?: number;
}

export interface StructuredRequest<S extends z.ZodType> extends CallOptions {
  schema: S;
  /** snake_case; also the forced tool's name, and the key a fake model routes on. */
  schemaName: string;
  description?: string;
  /**
   * The agent's shared tool set, sent in place of the schema's own tool: one of them is named
   * `schemaName`, and the call forces it. Every step of an agent that sends the same set (and the same
   * system prompt) sends one byte-identical prefix, which the provider's prompt cache then serves to the
   * next step; `schema` still checks the answer. Build it with `sharedToolSet`.
   */
  tools?: LlmToolSpec[];
}

export interface StructuredResult<T> {
  value: T;
  usage: LlmUsage;
}

export interface TurnRequest extends CallOptions {
  tools: LlmToolSpec[];
  toolChoice?: ToolChoice;
  /** Names the turn in usage records (e.g. `campaign_chat`); defaults to `turn`. */
  label?: string;
}

export interface TurnResult {
  text: string;
  toolCalls: LlmToolCall[];
  stopReason: StopReason;
  /** The assistant message to append to the conversation before sending tool results. */
  message: LlmMessage;
  usage: LlmUsage;
}

/** What one port call cost. Recorded for every call, successful or not. */
export interface LlmUsage {
  provider: string;
  model: string;
  kind: "structured" | "turn";
  /** The schema name of a structured call, the label of a turn. */
  name: string;
  /** Names of the tools the model called (turns), in order. */
  toolCalls: string[];
  /** Every input token of the call, cached ones included. */
  inputTokens: number;
  outputTokens: number;
  /** Of `inputTokens`, those read from the provider's prompt cache; absent when none. */
  cachedInputTokens?: number;
  /** Of `inputTokens`, those written to the prompt cache (Anthropic); absent when none. */
  cacheWriteInputTokens?: number;
  latencyMs: number;
  /** HTTP attempts, the SDK's retries included. */
  attempts: number;
  /** Model requests: 2 when a structured call needed its re-ask. */
  requests: number;
  outcome: "ok" | "error";
  errorCode?: string;
}
