import { z } from "zod";
import type { LlmPort } from "../../../core/llm/llm-port";
import { wrapPromptData } from "../../../core/llm/prompt-data";
import { modelList, modelText } from "../../../core/text/model-values";
import { defineRole, opinionOf } from "./define-role";
import {
  historySection,
  json,
  questionSection,
  SCHEMA_NAMES,
  section,
  UNTRUSTED_DATA_RULE,
} from "./role-prompt";
import type { NeedsExpert } from "./types";
import { NeedsAnalysisSchema, type NeedsExpertInput } from "./types";

/**
 * The needs expert, called by the orchestrator when extraction leaves gaps: which missing facts matter
 * under the merchant's rules, and what to ask first. No triggers, target prices or special instructions.
 */
export const createNeedsExpert = (llm: LlmPort): NeedsExpert => ({
  name: "needs",
  analyze: async (input) => ({
    expert: "needs",
    ...opinionOf(await needsRole.call(llm, input), input.additionalQuestion),
  }),
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

export const needsRole = defineRole({
  schemaName: SCHEMA_NAMES.needs,
  output: NeedsOutputSchema,
  instructions: [
    "You are the needs expert of a purchasing team. Given what we know of a supplier's quote and the rules " +
      "the merchant negotiates by, list the information gaps that matter for this deal (missingFields) and " +
      "the questions to ask the supplier, most important first (prioritizedQuestions). A field the rules care " +
      "about (a price, a lead time they set limits on) matters more than one they never mention.",
    UNTRUSTED_DATA_RULE,
  ],
  sections: (input: NeedsExpertInput) => [
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
    historySection(input.conversationHistory),
    questionSection(input.additionalQuestion),
  ],
});
