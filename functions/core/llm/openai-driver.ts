import type OpenAI from "openai";
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { z } from "zod";
import { type AttemptCounter, countingAttempts } from "./attempt-counting-fetch";
import type { LlmMessage, LlmToolCall, StopReason, ToolChoice } from "./llm-port";
import type { DriverRequest, DriverResponse, ModelDriver } from "./model-driver";
import {
  connectionFailureMessage,
  describeNonApiFailure,
  type ProviderFailure,
  readResponseShape,
  retryAfterSeconds,
  toLlmError,
} from "./provider-failure";

type ChatMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;

export interface OpenAiChatClient {
  chat: { completions: Pick<OpenAI.Chat.Completions, "create"> };
}

/** OpenAI chat completions with function calling (also any OpenAI-compatible server). */
export const createOpenAiDriver = (provider: string, client: OpenAiChatClient): ModelDriver => ({
  provider,
  async complete(request: DriverRequest, counter: AttemptCounter): Promise<DriverResponse> {
    const hasTools = request.tools.length > 0;
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await countingAttempts(counter, () =>
        client.chat.completions.create(
          {
            model: request.model,
            max_completion_tokens: request.maxOutputTokens,
            ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
            messages: [{ role: "system", content: request.system }, ...toOpenAiMessages(request.messages)],
            ...(hasTools
              ? {
                  tools: request.tools.map((tool) => ({
                    type: "function" as const,
                    function: {
                      name: tool.name,
                      description: tool.description,
                      parameters: tool.inputSchema,
                    },
                  })),
                  tool_choice: toOpenAiToolChoice(request.toolChoice),
                }
              : {}),
          },
          { signal: request.signal, timeout: request.timeoutMs },
        ),
      );
    } catch (error) {
      throw toLlmError(provider, describeOpenAiFailure(error));
    }
    readResponseShape(provider, openAiCompletionShape, completion);
    return fromOpenAiCompletion(completion);
  },
});

/** What `fromOpenAiCompletion` reads; `usage` may be missing (some compatible servers omit it). */
const openAiCompletionShape = z.looseObject({
  choices: z
    .array(
      z.looseObject({
        message: z.looseObject({
          content: z.string().nullish(),
          tool_calls: z
            .array(
              z.looseObject({
                type: z.string(),
                function: z.looseObject({ name: z.string(), arguments: z.string() }).optional(),
              }),
            )
            .nullish(),
        }),
      }),
    )
    .min(1),
});

const toOpenAiToolChoice = (choice: ToolChoice): OpenAI.Chat.Completions.ChatCompletionToolChoiceOption =>
  typeof choice === "object" ? { type: "function", function: { name: choice.name } } : choice;

const toOpenAiMessage = (message: LlmMessage): ChatMessage[] => {
  switch (message.role) {
    case "user":
      return [{ role: "user", content: message.content }];
    case "assistant": {
      const calls = message.toolCalls ?? [];
      return [
        {
          role: "assistant",
          content: message.content || null,
          ...(calls.length > 0
            ? {
                tool_calls: calls.map((call) => ({
                  id: call.id,
                  type: "function" as const,
                  function: {
                    name: call.name,
                    arguments:
                      typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments),
                  },
                })),
              }
            : {}),
        },
      ];
    }
    case "tool":
      // OpenAI has no error flag on tool messages; the envelope inside `content` says so.
      return message.results.map((result) => ({
        role: "tool" as const,
        tool_call_id: result.callId,
        content: result.content,
      }));
  }
};

export const toOpenAiMessages = (messages: LlmMessage[]): ChatMessage[] => messages.flatMap(toOpenAiMessage);

const STOP_REASONS: Partial<Record<string, StopReason>> = {
  stop: "end",
  tool_calls: "tool_calls",
  function_call: "tool_calls",
  length: "max_tokens",
};

/** Arguments arrive as a JSON string; text that is not JSON is kept as is, for zod to reject. */
const parseArguments = (raw: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
};

export const fromOpenAiCompletion = (completion: OpenAI.Chat.Completions.ChatCompletion): DriverResponse => {
  const choice = completion.choices[0];
  const toolCalls: LlmToolCall[] = (choice?.message.tool_calls ?? []).flatMap((call) =>
    call.type === "function"
      ? [{ id: call.id, name: call.function.name, arguments: parseArguments(call.function.arguments) }]
      : [],
  );
  return {
    model: completion.model,
    text: choice?.message.content ?? "",
    toolCalls,
    stopReason: (choice && STOP_REASONS[choice.finish_reason]) ?? "other",
    inputTokens: completion.usage?.prompt_tokens ?? 0,
    outputTokens: completion.usage?.completion_tokens ?? 0,
    // OpenAI caches a repeated prefix of 1,024 tokens or more by itself: the system prompt and tools come
    // first and stay byte-stable, so every later call of a loop reads them from the cache.
    ...(completion.usage?.prompt_tokens_details?.cached_tokens
      ? { cacheReadInputTokens: completion.usage.prompt_tokens_details.cached_tokens }
      : {}),
  };
};

export const describeOpenAiFailure = (error: unknown): ProviderFailure => {
  if (error instanceof APIUserAbortError) return { kind: "aborted" };
  if (error instanceof APIConnectionTimeoutError) return { kind: "timeout" };
  if (error instanceof APIConnectionError)
    return { kind: "connection", message: connectionFailureMessage(error) };
  if (error instanceof APIError && typeof error.status === "number") {
    const body = error.error as { message?: unknown } | undefined;
    return {
      kind: "status",
      status: error.status,
      message: typeof body?.message === "string" ? body.message : error.message,
      errorType: error.code ?? error.type ?? undefined,
      retryAfterSeconds: retryAfterSeconds(error.headers),
    };
  }
  return describeNonApiFailure(error);
};
