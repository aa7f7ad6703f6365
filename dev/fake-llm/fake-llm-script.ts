/**
 * What the fake LLM server answers, in provider-neutral terms; `wire-formats.ts` renders it as the
 * Anthropic Messages, OpenAI chat-completions or Bedrock InvokeModel response the official SDK expects.
 */

/** Which wire format a request arrived in. */
export type FakeLlmApi = "anthropic" | "openai" | "bedrock";

/** One request the server received, parsed for assertions and routing. */
export interface FakeLlmRequest {
  /** 0-based position among all requests this server received. */
  index: number;
  api: FakeLlmApi;
  path: string;
  model: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  /** The tool the request forces (structured output): Anthropic `tool_choice.name`, OpenAI `function.name`. */
  forcedToolName: string | undefined;
  toolNames: string[];
  /** The SDK's `x-stainless-retry-count`: 0 on a first attempt. */
  retryCount: number;
  /** Text of the last message, whatever its role (a user prompt, a re-ask, a tool result). */
  lastMessageText: string;
}

export interface FakeModelReply {
  text?: string;
  /** `rawArguments` sends OpenAI arguments verbatim (malformed JSON); Anthropic always gets `arguments`. */
  toolCalls?: Array<{ name: string; arguments?: unknown; rawArguments?: string }>;
  stopReason?: "end" | "tool_calls" | "max_tokens";
  usage?: { inputTokens: number; outputTokens: number };
  model?: string;
}

export interface FakeProviderError {
  status: number;
  /** Anthropic `error.type` / OpenAI `error.type`; a default per status when absent. */
  type?: string;
  /** OpenAI `error.code` (e.g. `insufficient_quota`). */
  code?: string;
  message?: string;
  headers?: Record<string, string>;
}

/** One scripted answer, optionally after a delay (timeouts are tested with a delay past the budget). */
export type FakeLlmStep =
  | { reply: FakeModelReply; delayMs?: number }
  | { error: FakeProviderError; delayMs?: number };

/** A queue of steps, one per request in arrival order, or a function choosing the step per request. */
export type FakeLlmScript = FakeLlmStep[] | ((request: FakeLlmRequest) => FakeLlmStep | Promise<FakeLlmStep>);

/**
 * A script that answers by tool name: the forced tool of a structured request, else the first offered
 * tool with a route. A route that is an array is a queue. Concurrent callers (parallel experts) each get
 * their own answers whatever the arrival order.
 */
export const routeByToolName = (
  routes: Record<string, FakeLlmStep | FakeLlmStep[]>,
  fallback?: (request: FakeLlmRequest) => FakeLlmStep,
): FakeLlmScript => {
  const queues = new Map(
    Object.entries(routes).map(([name, step]) => [name, Array.isArray(step) ? [...step] : step]),
  );
  return (request) => {
    const name = [request.forcedToolName, ...request.toolNames].find((n) => n !== undefined && queues.has(n));
    const route = name === undefined ? undefined : queues.get(name);
    const step = Array.isArray(route) ? route.shift() : route;
    if (step) return step;
    if (fallback) return fallback(request);
    return {
      error: {
        status: 500,
        message: `fake LLM: no route for tools [${request.toolNames.join(", ")}]`,
        headers: { "x-should-retry": "false" },
      },
    };
  };
};
