import type Anthropic from "@anthropic-ai/sdk";
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from "@anthropic-ai/sdk";
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

type ContentBlockParam = Anthropic.Messages.ContentBlockParam;

/** The part of an Anthropic or AnthropicBedrock client the driver uses (both share the Messages API). */
export interface AnthropicMessagesClient {
  messages: Pick<Anthropic.Messages, "create">;
}

/** Anthropic Messages API with tool use; serves the `anthropic` and `bedrock` providers. */
export const createAnthropicDriver = (provider: string, client: AnthropicMessagesClient): ModelDriver => ({
  provider,
  async complete(request: DriverRequest, counter: AttemptCounter): Promise<DriverResponse> {
    const hasTools = request.tools.length > 0;
    let response: Anthropic.Messages.Message;
    try {
      response = await countingAttempts(counter, () =>
        client.messages.create(
          {
            model: request.model,
            max_tokens: request.maxOutputTokens,
            ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
            // The stable prefix (tools, then the system prompt) is marked for caching: every turn of an
            // agent loop, item of a shop run and expert of a round sends it again, read at a tenth the price.
            system: cachedSystem(request.system),
            messages: markedConversation(toAnthropicMessages(request.messages)),
            ...(hasTools
              ? {
                  tools: request.tools.map((tool, index) => ({
                    name: tool.name,
                    description: tool.description,
                    input_schema: tool.inputSchema as Anthropic.Messages.Tool.InputSchema,
                    ...(index === request.tools.length - 1 ? { cache_control: EPHEMERAL } : {}),
                  })),
                  tool_choice: toAnthropicToolChoice(request.toolChoice),
                }
              : {}),
          },
          { signal: request.signal, timeout: request.timeoutMs },
        ),
      );
    } catch (error) {
      throw toLlmError(provider, describeAnthropicFailure(error));
    }
    readResponseShape(provider, anthropicMessageShape, response);
    return fromAnthropicMessage(response);
  },
});

const EPHEMERAL = { type: "ephemeral" } as const;

/**
 * The second breakpoint: a conversation that has gone on (an agent loop's later turns: the model has
 * answered before) is marked at its last block, so the next turn reads all it sent before from the
 * cache and pays in full only for what was added since. A one-message call is not marked: nothing would
 * read it again, and a write costs a quarter more than plain input.
 */
export const markedConversation = (
  messages: Anthropic.Messages.MessageParam[],
): Anthropic.Messages.MessageParam[] => {
  if (!messages.some((message) => message.role === "assistant")) return messages;
  const last = messages.at(-1);
  if (!last || typeof last.content === "string" || last.content.length === 0) return messages;
  const blocks = [...last.content];
  const final = blocks.at(-1) as ContentBlockParam;
  blocks[blocks.length - 1] = { ...final, cache_control: EPHEMERAL } as ContentBlockParam;
  return [...messages.slice(0, -1), { ...last, content: blocks } as Anthropic.Messages.MessageParam];
};

/**
 * The system prompt as one text block marked for caching: Anthropic (and Bedrock's Anthropic models)
 * cache the request's prefix up to the mark (tools, then system). A prefix shorter than the model's
 * minimum is simply not cached; the mark costs nothing then.
 */
export const cachedSystem = (system: string): Anthropic.Messages.TextBlockParam[] | undefined =>
  system ? [{ type: "text", text: system, cache_control: EPHEMERAL }] : undefined;

/** What `fromAnthropicMessage` reads; anything else in the body is left alone. */
const anthropicMessageShape = z.looseObject({
  content: z.array(z.looseObject({ type: z.string() })),
  usage: z.looseObject({ input_tokens: z.number(), output_tokens: z.number() }),
});

const toAnthropicToolChoice = (choice: ToolChoice): Anthropic.Messages.ToolChoice => {
  if (typeof choice === "object") return { type: "tool", name: choice.name };
  if (choice === "required") return { type: "any" };
  return { type: choice };
};

/**
 * Our messages in Anthropic's shape: tool results travel in a user message, and consecutive messages of
 * one role merge into one (tool results first, as the API requires).
 */
export const toAnthropicMessages = (messages: LlmMessage[]): Anthropic.Messages.MessageParam[] => {
  const merged: Array<{ role: "user" | "assistant"; content: ContentBlockParam[] }> = [];
  for (const message of messages) {
    const role = message.role === "assistant" ? "assistant" : "user";
    const blocks = toBlocks(message);
    const last = merged.at(-1);
    if (last && last.role === role) last.content.push(...blocks);
    else merged.push({ role, content: blocks });
  }
  return merged.map(({ role, content }) => ({
    role,
    content: [
      ...content.filter((b) => b.type === "tool_result"),
      ...content.filter((b) => b.type !== "tool_result"),
    ],
  }));
};

const toBlocks = (message: LlmMessage): ContentBlockParam[] => {
  switch (message.role) {
    case "user":
      return [{ type: "text", text: message.content }];
    case "assistant": {
      const blocks: ContentBlockParam[] = [];
      // The API rejects empty text blocks.
      if (message.content.trim()) blocks.push({ type: "text", text: message.content });
      for (const call of message.toolCalls ?? []) {
        blocks.push({ type: "tool_use", id: call.id, name: call.name, input: asObject(call.arguments) });
      }
      return blocks.length > 0 ? blocks : [{ type: "text", text: "(no answer)" }];
    }
    case "tool":
      return message.results.map((result) => ({
        type: "tool_result",
        tool_use_id: result.callId,
        content: result.content,
        ...(result.isError ? { is_error: true } : {}),
      }));
  }
};

/** Anthropic tool input is always an object; a raw string from another provider is kept under `raw`. */
const asObject = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : { raw: value };

const STOP_REASONS: Partial<Record<string, StopReason>> = {
  end_turn: "end",
  stop_sequence: "end",
  tool_use: "tool_calls",
  max_tokens: "max_tokens",
};

export const fromAnthropicMessage = (message: Anthropic.Messages.Message): DriverResponse => {
  const texts: string[] = [];
  const toolCalls: LlmToolCall[] = [];
  for (const block of message.content) {
    if (block.type === "text") texts.push(block.text);
    if (block.type === "tool_use") toolCalls.push({ id: block.id, name: block.name, arguments: block.input });
  }
  const usage = message.usage;
  return {
    model: message.model,
    text: texts.join(""),
    toolCalls,
    stopReason: (message.stop_reason && STOP_REASONS[message.stop_reason]) ?? "other",
    inputTokens:
      usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0),
    outputTokens: usage.output_tokens,
    ...(usage.cache_read_input_tokens ? { cacheReadInputTokens: usage.cache_read_input_tokens } : {}),
    ...(usage.cache_creation_input_tokens
      ? { cacheWriteInputTokens: usage.cache_creation_input_tokens }
      : {}),
  };
};

export const describeAnthropicFailure = (error: unknown): ProviderFailure => {
  if (error instanceof APIUserAbortError) return { kind: "aborted" };
  if (error instanceof APIConnectionTimeoutError) return { kind: "timeout" };
  if (error instanceof APIConnectionError)
    return { kind: "connection", message: connectionFailureMessage(error) };
  if (error instanceof APIError && typeof error.status === "number") {
    // Bedrock answers `{ "message": ... }` where Anthropic answers `{ "error": { "message": ... } }`.
    const body = error.error as { message?: unknown } | undefined;
    const bodyMessage = typeof body?.message === "string" ? body.message : undefined;
    return {
      kind: "status",
      status: error.status,
      message: error.apiMessage ?? bodyMessage ?? error.message,
      errorType: error.errorCode ?? error.type ?? undefined,
      retryAfterSeconds: retryAfterSeconds(error.headers),
    };
  }
  return describeNonApiFailure(error);
};
