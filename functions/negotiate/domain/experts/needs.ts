import type { LlmPort } from "../../../core/llm/llm-port";
import { callPrompt } from "./llm-call";
import { buildNeedsPrompt } from "./prompts";
import type { NeedsExpert, NeedsExpertInput, NeedsOpinion } from "./types";

/**
 * The needs expert, called by the orchestrator when extraction leaves gaps: which missing facts matter
 * under the merchant's rules, and what to ask first. No triggers, target prices or special instructions.
 */
export const createNeedsExpert = (llm: LlmPort): NeedsExpert => ({
  name: "needs",
  async analyze(input: NeedsExpertInput): Promise<NeedsOpinion> {
    const result = await callPrompt(llm, buildNeedsPrompt(input));
    const question = input.additionalQuestion ?? null;
    return result.ok
      ? { expert: "needs", analysis: result.value, question, llm: result.llm }
      : { expert: "needs", analysis: null, question, llm: result.llm, failure: result.failure };
  },
});
