import type { z } from "zod";
import { type FieldIssue, isLarderError } from "../errors";
import type { LlmToolSpec } from "../llm/llm-port";
import { assertToolName, toToolJsonSchema } from "../llm/tool-json-schema";
import { toFieldIssues } from "../validation";

export interface ToolContext {
  /** Aborts when the agent's deadline passes or its caller gives up. */
  signal: AbortSignal;
  callId: string;
}

/** What one tool call came to; `content` is the text the model gets (before the data envelope). */
export type ToolExecution =
  | { status: "ok"; output: unknown; content: string }
  | { status: "invalid_arguments"; issues: FieldIssue[]; content: string }
  | { status: "error"; error: unknown; content: string };

/** A tool the agent loop can offer. Build one with `defineTool`. */
export interface AgentTool {
  readonly name: string;
  readonly spec: LlmToolSpec;
  /** Validates the arguments, runs the tool and formats its output. Never throws. */
  execute(args: unknown, context: ToolContext): Promise<ToolExecution>;
}

export interface ToolDefinition<S extends z.ZodType, O> {
  /** snake_case, at most 64 characters; seed tool names are kept verbatim. */
  name: string;
  /** When to use the tool, for the model. */
  description: string;
  input: S;
  run(input: z.output<S>, context: ToolContext): Promise<O> | O;
  /** The text the model reads; defaults to the output itself when a string, else its JSON. */
  toModelContent?: (output: O) => string;
}

const defaultModelContent = (output: unknown): string =>
  typeof output === "string" ? output : (JSON.stringify(output) ?? "null");

/**
 * Declares a tool: its JSON schema for the provider is generated from the zod input schema once, here.
 * Arguments are checked with that schema before `run`; invalid arguments and failures of `run` become
 * error results the model reads, never exceptions. Messages of LarderErrors are shown to the model; other
 * errors are not (they may carry internals) and are reported as `internal error`.
 */
export const defineTool = <S extends z.ZodType, O>(definition: ToolDefinition<S, O>): AgentTool => {
  assertToolName(definition.name);
  const spec: LlmToolSpec = {
    name: definition.name,
    description: definition.description,
    inputSchema: toToolJsonSchema(definition.input),
  };
  const toModelContent = definition.toModelContent ?? defaultModelContent;
  return {
    name: definition.name,
    spec,
    async execute(args, context) {
      const parsed = definition.input.safeParse(args);
      if (!parsed.success) {
        const issues = toFieldIssues(parsed.error);
        const listed = issues.map((i) => `${i.path}: ${i.message}`).join("; ");
        return {
          status: "invalid_arguments",
          issues,
          content: `Invalid arguments for ${definition.name}: ${listed}. Fix them and call again if needed.`,
        };
      }
      try {
        const output = await definition.run(parsed.data, context);
        return { status: "ok", output, content: toModelContent(output) };
      } catch (error) {
        const reason = isLarderError(error) ? error.message : "internal error";
        return { status: "error", error, content: `${definition.name} failed: ${reason}` };
      }
    },
  };
};
