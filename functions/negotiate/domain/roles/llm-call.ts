import type { z } from "zod";
import { isLlmFailure } from "../../../core/llm/llm-errors";
import type { LlmPort, LlmUsage } from "../../../core/llm/llm-port";
import type { Prompt } from "./role-prompt";
import type { LlmCallMeta } from "./types";

export const llmCallMeta = (usage: LlmUsage | undefined, schemaName: string): LlmCallMeta => ({
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

export type PromptCallResult<T> =
  | { ok: true; value: T; llm: LlmCallMeta }
  | { ok: false; failure: { code: string; message: string }; llm: LlmCallMeta };

/**
 * One structured call for a prompt. A failure the LLM port throws on purpose (unavailable, invalid output
 * after its re-ask, rate limited) comes back as a value, so the caller can report it as such; anything
 * else is a bug and propagates.
 */
export const callPrompt = async <S extends z.ZodType>(
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
