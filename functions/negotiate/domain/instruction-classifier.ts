import type { LlmPort } from "../../core/llm/llm-port";
import { callPrompt, type PromptCallResult } from "./experts/llm-call";
import { buildClassifierPrompt } from "./experts/prompts";
import type { ClassifiedInstructions } from "./experts/types";

/**
 * Splits the merchant's instructions into negotiation rules, escalation triggers and special instructions,
 * so each expert can be given only its part. Run once per negotiation; the result is stored.
 */
export const classifyInstructions = (
  llm: LlmPort,
  merchantInstructions: string,
): Promise<PromptCallResult<ClassifiedInstructions>> =>
  callPrompt(llm, buildClassifierPrompt(merchantInstructions));
