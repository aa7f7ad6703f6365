import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { fromAnthropicMessage, toAnthropicMessages } from "../../../../functions/core/llm/anthropic-driver";
import type { LlmMessage } from "../../../../functions/core/llm/llm-port";
import { fromOpenAiCompletion, toOpenAiMessages } from "../../../../functions/core/llm/openai-driver";

const conversation: LlmMessage[] = [
  { role: "user", content: "cheap laptops" },
  {
    role: "assistant",
    content: "",
    toolCalls: [
      { id: "a", name: "search_products", arguments: { query: "laptops" } },
      { id: "b", name: "filter_products", arguments: { max_price: 500 } },
    ],
  },
  {
    role: "tool",
    results: [
      { callId: "a", name: "search_products", content: "ok: 9 products" },
      { callId: "b", name: "filter_products", content: "empty", isError: true },
    ],
  },
  { role: "user", content: "Answer now." },
];

describe("Anthropic message conversion", () => {
  it("sends tool results in one user message, before any text, and drops empty assistant text", () => {
    expect(toAnthropicMessages(conversation)).toEqual([
      { role: "user", content: [{ type: "text", text: "cheap laptops" }] },
      {
        role: "assistant",
        content: [
          { type: "tool_use", id: "a", name: "search_products", input: { query: "laptops" } },
          { type: "tool_use", id: "b", name: "filter_products", input: { max_price: 500 } },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "a", content: "ok: 9 products" },
          { type: "tool_result", tool_use_id: "b", content: "empty", is_error: true },
          { type: "text", text: "Answer now." },
        ],
      },
    ]);
  });

  it("reads text, tool calls, stop reason and usage (cache tokens included) from a message", () => {
    const message = {
      id: "m",
      type: "message",
      role: "assistant",
      model: "claude-sonnet-5-5-20261001",
      content: [
        { type: "text", text: "Searching. " },
        { type: "tool_use", id: "t", name: "search_products", input: { query: "tea" } },
      ],
      stop_reason: "tool_use",
      stop_sequence: null,
      usage: {
        input_tokens: 100,
        output_tokens: 20,
        cache_read_input_tokens: 50,
        cache_creation_input_tokens: null,
      },
    } as unknown as Anthropic.Messages.Message;

    expect(fromAnthropicMessage(message)).toEqual({
      model: "claude-sonnet-5-5-20261001",
      text: "Searching. ",
      toolCalls: [{ id: "t", name: "search_products", arguments: { query: "tea" } }],
      stopReason: "tool_calls",
      inputTokens: 150,
      cacheReadInputTokens: 50,
      outputTokens: 20,
    });
  });
});

describe("OpenAI message conversion", () => {
  it("sends tool calls as JSON strings and one tool message per result", () => {
    expect(toOpenAiMessages(conversation)).toEqual([
      { role: "user", content: "cheap laptops" },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: "a",
            type: "function",
            function: { name: "search_products", arguments: '{"query":"laptops"}' },
          },
          {
            id: "b",
            type: "function",
            function: { name: "filter_products", arguments: '{"max_price":500}' },
          },
        ],
      },
      { role: "tool", tool_call_id: "a", content: "ok: 9 products" },
      { role: "tool", tool_call_id: "b", content: "empty" },
      { role: "user", content: "Answer now." },
    ]);
  });

  it("keeps arguments that are not JSON as raw text, for validation to reject", () => {
    const completion = {
      id: "c",
      object: "chat.completion",
      created: 0,
      model: "gpt-5.4-mini",
      choices: [
        {
          index: 0,
          finish_reason: "tool_calls",
          logprobs: null,
          message: {
            role: "assistant",
            content: null,
            refusal: null,
            tool_calls: [
              { id: "x", type: "function", function: { name: "ping", arguments: '{"message": "po' } },
            ],
          },
        },
      ],
      usage: { prompt_tokens: 30, completion_tokens: 4, total_tokens: 34 },
    } as OpenAI.Chat.Completions.ChatCompletion;

    expect(fromOpenAiCompletion(completion)).toEqual({
      model: "gpt-5.4-mini",
      text: "",
      toolCalls: [{ id: "x", name: "ping", arguments: '{"message": "po' }],
      stopReason: "tool_calls",
      inputTokens: 30,
      outputTokens: 4,
    });
  });
});
