import { z } from "zod";
import type { LlmPort } from "../../../core/llm/llm-port";
import { wrapPromptData } from "../../../core/llm/prompt-data";
import { modelList, modelText } from "../../../core/text/model-values";
import { callPrompt } from "./llm-call";
import {
  json,
  optionalHistory,
  optionalQuestion,
  type Prompt,
  SCHEMA_NAMES,
  section,
  UNTRUSTED_DATA_RULE,
} from "./role-prompt";
import type { NeedsExpert, NeedsOpinion } from "./types";
import { NeedsAnalysisSchema, type NeedsExpertInput } from "./types";

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

// ---- Needs expert: extracted data, rules, what we order; no triggers, target prices or special instructions ----

/** The needs analysis as a model writes it: a list sent as one text ("1. …\n2. …", "a, b") is that list. */
export const NeedsOutputSchema = z
  .object({
    missingFields: modelList(z.array(z.string().max(200)).max(30), { commas: true }),
    prioritizedQuestions: modelList(z.array(z.string().max(1000)).max(20)),
    reasoning: modelText(z.string().max(4000)),
  })
  .pipe(NeedsAnalysisSchema);

export const buildNeedsPrompt = (input: NeedsExpertInput): Prompt<typeof NeedsOutputSchema> => ({
  schemaName: SCHEMA_NAMES.needs,
  schema: NeedsOutputSchema,
  system: [
    "You are the needs expert of a purchasing team. Given what we know of a supplier's quote and the rules " +
      "the merchant negotiates by, list the information gaps that matter for this deal (missingFields) and " +
      "the questions to ask the supplier, most important first (prioritizedQuestions). A field the rules care " +
      "about (a price, a lead time they set limits on) matters more than one they never mention.",
    UNTRUSTED_DATA_RULE,
  ].join("\n\n"),
  user: [
    section(
      "Negotiation rules (from the merchant)",
      wrapPromptData("negotiation_rules", input.negotiationRules),
    ),
    section(
      "What is being ordered",
      `SKU: ${input.orderContext.skuName} (supplier SKU ${input.orderContext.supplierSku}); quantity wanted: ${input.orderContext.quantityRequested}`,
    ),
    section(
      "What we know of the quote",
      input.extractedData
        ? wrapPromptData("extracted_terms", json(input.extractedData))
        : "Nothing could be extracted yet.",
    ),
    ...optionalHistory(input.conversationHistory),
    ...optionalQuestion(input.additionalQuestion),
  ].join("\n\n"),
});
