import type { z } from "zod";
import { ConfigError, type FieldIssue } from "../errors";
import { toFieldIssues } from "../validation";
import type { LlmMessage, LlmToolCall, LlmToolSpec, StopReason } from "./llm-port";
import { assertToolName, toToolJsonSchema } from "./tool-json-schema";

/** The forced tool a structured call offers: its name is the schema name, its input the schema. */
export const structuredOutputTool = (
  schemaName: string,
  schema: z.ZodType,
  description: string | undefined,
): LlmToolSpec => ({
  name: schemaName,
  description: description ?? `Report the result as the arguments of ${schemaName}.`,
  inputSchema: toToolJsonSchema(schema),
});

/** A structured call's shared tools, checked: the forced one is among them, every name is valid. */
export const sharedToolsFor = (schemaName: string, tools: LlmToolSpec[]): LlmToolSpec[] => {
  for (const tool of tools) assertToolName(tool.name);
  if (!tools.some((tool) => tool.name === schemaName)) {
    throw new ConfigError(`The shared tool set has no tool named "${schemaName}" to force`);
  }
  return tools;
};

export type StructuredReading<T> =
  | { ok: true; value: T }
  | { ok: false; problem: string; issues: FieldIssue[]; call: LlmToolCall | undefined };

interface ModelReply {
  text: string;
  toolCalls: LlmToolCall[];
  stopReason?: StopReason;
}

/** A cut answer looks like a missing call or broken JSON; saying so points at the real fix. */
const cutNote = (reply: ModelReply): string =>
  reply.stopReason === "max_tokens"
    ? " (the answer was cut at the output token limit, LLM_MAX_OUTPUT_TOKENS)"
    : "";

/** Checks a reply to a structured request: the forced tool was called, with JSON, of the right shape. */
export const readStructuredReply = <S extends z.ZodType>(
  reply: ModelReply,
  schemaName: string,
  schema: S,
): StructuredReading<z.output<S>> => {
  const call = reply.toolCalls.find((c) => c.name === schemaName);
  if (!call) {
    const said = reply.text.trim() ? ` (it answered with text: "${reply.text.trim().slice(0, 120)}")` : "";
    return {
      ok: false,
      problem: `the model did not call ${schemaName}${said}${cutNote(reply)}`,
      issues: [{ path: "(root)", message: `no ${schemaName} tool call` }],
      call,
    };
  }
  if (typeof call.arguments === "string") {
    return {
      ok: false,
      problem: `the arguments of ${schemaName} are not valid JSON${cutNote(reply)}`,
      issues: [{ path: "(root)", message: "arguments are not valid JSON" }],
      call,
    };
  }
  const parsed = schema.safeParse(call.arguments);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = toFieldIssues(parsed.error);
  return {
    ok: false,
    problem: issues.map((i) => `${i.path}: ${i.message}`).join("; "),
    issues,
    call,
  };
};

/**
 * The messages of the one re-ask: the model's own reply, then the validation error as the result of the
 * forced tool (or, when it answered with text, as a user message), so it can correct itself.
 */
export const reaskMessages = (
  reply: ModelReply,
  schemaName: string,
  reading: Extract<StructuredReading<unknown>, { ok: false }>,
): LlmMessage[] => {
  const assistant: LlmMessage = {
    role: "assistant",
    content: reply.text,
    ...(reply.toolCalls.length > 0 ? { toolCalls: reply.toolCalls } : {}),
  };
  const instruction = `Call ${schemaName} again with arguments that match its input schema exactly.`;
  if (reply.toolCalls.length === 0) {
    return [
      assistant,
      { role: "user", content: `Your reply was invalid: ${reading.problem}. ${instruction}` },
    ];
  }
  return [
    assistant,
    {
      role: "tool",
      results: reply.toolCalls.map((call) =>
        call === reading.call
          ? {
              callId: call.id,
              name: call.name,
              isError: true,
              content: `Invalid ${schemaName} arguments: ${reading.problem}. ${instruction}`,
            }
          : {
              callId: call.id,
              name: call.name,
              isError: true,
              // When no call was the forced one, these results are the only place the re-ask can say why.
              content: reading.call
                ? `Not run: only ${schemaName} is expected.`
                : `Not run: only ${schemaName} is expected. Your reply was invalid: ${reading.problem}. ${instruction}`,
            },
      ),
    },
  ];
};
