import type { LlmPort } from "../../../core/llm/llm-port";
import { callPrompt } from "./llm-call";
import { buildEscalationPrompt } from "./prompts";
import type { EscalationExpert, EscalationExpertInput, EscalationOpinion } from "./types";

/**
 * The escalation expert: does one of the merchant's triggers fire? It sees the triggers, the email, the
 * extracted terms and what is being ordered, never the rules or prices, so it judges triggers, not deals.
 */
export const createEscalationExpert = (llm: LlmPort): EscalationExpert => ({
  name: "escalation",
  async analyze(input: EscalationExpertInput): Promise<EscalationOpinion> {
    const result = await callPrompt(llm, buildEscalationPrompt(input));
    const question = input.additionalQuestion ?? null;
    return result.ok
      ? { expert: "escalation", analysis: result.value, question, llm: result.llm }
      : { expert: "escalation", analysis: null, question, llm: result.llm, failure: result.failure };
  },
});
