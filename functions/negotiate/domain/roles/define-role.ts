import type { z } from "zod";
import { isLlmFailure } from "../../../core/llm/llm-errors";
import type { LlmPort, LlmUsage } from "../../../core/llm/llm-port";
import type { LlmCallMeta } from "./types";

/**
 * A negotiation role written as openai-agents-js writes an agent: its instructions and its output type in
 * one declaration, in the role's own file. `defineRole` gives the role's prompt for one input and its one
 * structured call.
 */
export interface RoleDefinition<I, S extends z.ZodType> {
  /** Seed 003's schema name (`SCHEMA_NAMES`): the forced tool's name, and what a fake model routes on. */
  schemaName: string;
  /** The output as a model writes it, read as it means it; built from the input when its checks need it. */
  output: S | ((input: I) => S);
  /** The system prompt's paragraphs. */
  instructions: readonly string[];
  /** The user message's sections in order; null for one this input has nothing for. */
  sections: (input: I) => ReadonlyArray<string | null>;
}

export interface Prompt<S extends z.ZodType> {
  schemaName: string;
  schema: S;
  system: string;
  user: string;
}

export type PromptCallResult<T> =
  | { ok: true; value: T; llm: LlmCallMeta }
  | { ok: false; failure: { code: string; message: string }; llm: LlmCallMeta };

export interface Role<I, S extends z.ZodType> {
  readonly schemaName: string;
  prompt(input: I): Prompt<S>;
  /**
   * One structured call. A failure the LLM port throws on purpose (unavailable, invalid output after its
   * re-ask, rate limited) comes back as a value, so the caller can report it as such; anything else is a
   * bug and propagates.
   */
  call(llm: LlmPort, input: I): Promise<PromptCallResult<z.output<S>>>;
}

const llmCallMeta = (usage: LlmUsage | undefined, schemaName: string): LlmCallMeta => ({
  schemaName,
  provider: usage?.provider ?? "unknown",
  model: usage?.model ?? "unknown",
  inputTokens: usage?.inputTokens ?? 0,
  outputTokens: usage?.outputTokens ?? 0,
  latencyMs: usage?.latencyMs ?? 0,
  attempts: usage?.attempts ?? 0,
  outcome: usage?.outcome ?? "error",
  ...(usage?.errorCode ? { errorCode: usage.errorCode } : {}),
});

const callPrompt = async <S extends z.ZodType>(
  llm: LlmPort,
  prompt: Prompt<S>,
): Promise<PromptCallResult<z.output<S>>> => {
  try {
    const result = await llm.structured({
      schema: prompt.schema,
      schemaName: prompt.schemaName,
      system: prompt.system,
      messages: [{ role: "user", content: prompt.user }],
    });
    return { ok: true, value: result.value, llm: llmCallMeta(result.usage, prompt.schemaName) };
  } catch (error) {
    if (!isLlmFailure(error)) throw error;
    return {
      ok: false,
      failure: { code: error.code, message: error.message },
      llm: llmCallMeta(error.usage, prompt.schemaName),
    };
  }
};

export const defineRole = <I, S extends z.ZodType>(definition: RoleDefinition<I, S>): Role<I, S> => {
  const prompt = (input: I): Prompt<S> => ({
    schemaName: definition.schemaName,
    schema: typeof definition.output === "function" ? definition.output(input) : definition.output,
    system: definition.instructions.join("\n\n"),
    user: definition
      .sections(input)
      .filter((section): section is string => section !== null)
      .join("\n\n"),
  });
  return {
    schemaName: definition.schemaName,
    prompt,
    call: (llm, input) => callPrompt(llm, prompt(input)),
  };
};

/** An expert's opinion from its role's call: the analysis, or null and why the model failed. */
export const opinionOf = <T>(result: PromptCallResult<T>, question: string | undefined) =>
  result.ok
    ? { analysis: result.value, question: question ?? null, llm: result.llm }
    : { analysis: null, question: question ?? null, llm: result.llm, failure: result.failure };
