import type { LlmPort } from "../../../core/llm/llm-port";
import { callPrompt } from "./llm-call";
import { buildExtractionPrompt } from "./prompts";
import type { ExtractionExpert, ExtractionExpertInput, ExtractionOpinion } from "./types";

/**
 * The extraction expert (seed 003, wrapping the extractor): reads what the supplier stated and nothing
 * else. Its input has no rules, triggers or prices, so knowing what the merchant hopes for cannot bias
 * how it reads an ambiguous number.
 */
export const createExtractionExpert = (llm: LlmPort): ExtractionExpert => ({
  name: "extraction",
  async analyze(input: ExtractionExpertInput): Promise<ExtractionOpinion> {
    const result = await callPrompt(llm, buildExtractionPrompt(input));
    const question = input.additionalQuestion ?? null;
    if (!result.ok) {
      return {
        expert: "extraction",
        analysis: {
          extractedData: null,
          confidence: 0,
          notes: "",
          success: false,
          error: result.failure.message,
        },
        question,
        llm: result.llm,
        failure: result.failure,
      };
    }
    return {
      expert: "extraction",
      analysis: { ...result.value, success: true, error: null },
      question,
      llm: result.llm,
    };
  },
});
