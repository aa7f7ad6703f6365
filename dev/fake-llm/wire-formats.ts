import { z } from "zod";
import type { FakeLlmApi, FakeModelReply, FakeProviderError } from "./fake-llm-script";
import type { CacheUse } from "./prompt-cache-simulation";

/** The fields of an incoming body the fake reads; the rest is kept for assertions. */
const incomingBodySchema = z.looseObject({
  model: z.string().optional(),
  messages: z.array(z.looseObject({ role: z.string(), content: z.unknown() })).default([]),
  tools: z
    .array(
      z.looseObject({
        name: z.string().optional(),
        function: z.looseObject({ name: z.string() }).optional(),
      }),
    )
    .default([]),
  tool_choice: z
    .union([
      z.string(),
      z.looseObject({
        type: z.string().optional(),
        name: z.string().optional(),
        function: z.looseObject({ name: z.string() }).optional(),
      }),
    ])
    .optional(),
});

export interface ParsedIncoming {
  model: string | undefined;
  toolNames: string[];
  forcedToolName: string | undefined;
  lastMessageText: string;
}

export const parseIncomingBody = (body: unknown): ParsedIncoming => {
  const parsed = incomingBodySchema.parse(body);
  const toolNames = parsed.tools.flatMap((tool) => tool.function?.name ?? tool.name ?? []);
  const choice = parsed.tool_choice;
  let forcedToolName: string | undefined;
  if (choice && typeof choice === "object") {
    forcedToolName = choice.function?.name ?? (choice.type === "tool" ? choice.name : undefined);
  }
  return {
    model: parsed.model,
    toolNames,
    forcedToolName,
    lastMessageText: textOf(parsed.messages.at(-1)?.content),
  };
};

/** The text inside a message's content, whatever its shape (string, Anthropic blocks, tool results). */
const textOf = (content: unknown): string => {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((block) => textOf(block)).join("\n");
  if (content && typeof content === "object") {
    const block = content as Record<string, unknown>;
    if (typeof block.text === "string") return block.text;
    if (block.content !== undefined) return textOf(block.content);
  }
  return "";
};

const ANTHROPIC_STOP = { end: "end_turn", tool_calls: "tool_use", max_tokens: "max_tokens" } as const;
const OPENAI_STOP = { end: "stop", tool_calls: "tool_calls", max_tokens: "length" } as const;

/** A reply as the response body of `api`. `sequence` makes ids unique per server. */
export const renderReply = (
  api: FakeLlmApi,
  reply: FakeModelReply,
  context: { model: string; sequence: number; inputTokens: number; cache?: CacheUse | undefined },
): unknown => {
  const cacheRead = context.cache?.read ?? 0;
  const cacheWrite = context.cache?.write ?? 0;
  const calls = reply.toolCalls ?? [];
  const stop = reply.stopReason ?? (calls.length > 0 ? "tool_calls" : "end");
  const model = reply.model ?? context.model;
  const outputTokens = reply.usage?.outputTokens ?? Math.ceil(JSON.stringify(reply).length / 4);
  const inputTokens = reply.usage?.inputTokens ?? context.inputTokens;
  if (api === "openai") {
    return {
      id: `chatcmpl-fake-${context.sequence}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: reply.text ?? null,
            refusal: null,
            ...(calls.length > 0
              ? {
                  tool_calls: calls.map((call, i) => ({
                    id: `call_fake_${context.sequence}_${i}`,
                    type: "function",
                    function: {
                      name: call.name,
                      arguments: call.rawArguments ?? JSON.stringify(call.arguments ?? {}),
                    },
                  })),
                }
              : {}),
          },
          finish_reason: OPENAI_STOP[stop],
          logprobs: null,
        },
      ],
      usage: {
        prompt_tokens: inputTokens,
        completion_tokens: outputTokens,
        total_tokens: inputTokens + outputTokens,
        ...(cacheRead > 0 ? { prompt_tokens_details: { cached_tokens: cacheRead } } : {}),
      },
    };
  }
  const content = [
    ...(reply.text ? [{ type: "text", text: reply.text }] : []),
    ...calls.map((call, i) => ({
      type: "tool_use",
      id: `toolu_fake_${context.sequence}_${i}`,
      name: call.name,
      input: call.arguments ?? {},
    })),
  ];
  return {
    id: `msg_fake_${context.sequence}`,
    type: "message",
    role: "assistant",
    model,
    content,
    stop_reason: ANTHROPIC_STOP[stop],
    stop_sequence: null,
    // Anthropic's input_tokens are the uncached ones; the cache's read and write are counted apart.
    usage: {
      input_tokens: inputTokens - cacheRead - cacheWrite,
      output_tokens: outputTokens,
      ...(cacheRead > 0 || cacheWrite > 0
        ? { cache_read_input_tokens: cacheRead, cache_creation_input_tokens: cacheWrite }
        : {}),
    },
  };
};

const ANTHROPIC_ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  529: "overloaded_error",
};

/** An error as the body of `api`: Anthropic's `{type, error}`, OpenAI's `{error}`, Bedrock's `{message}`. */
export const renderError = (api: FakeLlmApi, error: FakeProviderError): unknown => {
  const message = error.message ?? `fake provider error ${error.status}`;
  if (api === "openai") {
    return { error: { message, type: error.type ?? "api_error", param: null, code: error.code ?? null } };
  }
  if (api === "bedrock") return { message };
  const type = error.type ?? ANTHROPIC_ERROR_TYPES[error.status] ?? "api_error";
  return { type: "error", error: { type, message } };
};
