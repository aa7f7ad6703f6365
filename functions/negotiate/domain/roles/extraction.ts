import { z } from "zod";
import type { LlmPort } from "../../../core/llm/llm-port";
import { wrapPromptData } from "../../../core/llm/prompt-data";
import {
  daysFromText,
  modelCurrency,
  modelFraction,
  modelNumber,
  modelText,
} from "../../../core/text/model-values";
import { defineRole, opinionOf } from "./define-role";
import {
  historySection,
  json,
  questionSection,
  SCHEMA_NAMES,
  section,
  UNTRUSTED_DATA_RULE,
} from "./role-prompt";
import type { ExtractionExpert } from "./types";
import { CurrencySchema, ExtractedQuoteDataSchema, type ExtractionExpertInput, PriceSchema } from "./types";

/**
 * The extraction expert (seed 003, wrapping the extractor): reads what the supplier stated and nothing
 * else. Its input has no rules, triggers or prices, so knowing what the merchant hopes for cannot bias
 * how it reads an ambiguous number.
 */
export const createExtractionExpert = (llm: LlmPort): ExtractionExpert => ({
  name: "extraction",
  async analyze(input) {
    const result = await extractionRole.call(llm, input);
    return {
      expert: "extraction",
      ...opinionOf(result, input.additionalQuestion),
      // Never null: a failed call is an extraction that did not succeed, and says why.
      analysis: result.ok
        ? { ...result.value, success: true, error: null }
        : { extractedData: null, confidence: 0, notes: "", success: false, error: result.failure.message },
    };
  },
});

// ---- Extraction expert: the email only; no rules, triggers or prices ----

const QUOTE_FIELDS = Object.keys(ExtractedQuoteDataSchema.shape);

/** The quote's fields a model left out are null ("not stated"), as the prompt asks. */
const withEveryField = (raw: unknown): unknown =>
  typeof raw === "object" && raw !== null && !Array.isArray(raw)
    ? Object.fromEntries(
        QUOTE_FIELDS.map((field) => [field, (raw as Record<string, unknown>)[field] ?? null]),
      )
    : raw;

const count = () => modelNumber(z.number().int().nonnegative(), { integer: true }).nullable();

/**
 * The quote as a model writes it, read as it means it: "$4.20" and "4,20 €" are 4.2, "10,000 units" is
 * 10000, "2 weeks" is 14 days, "usd" and "US$" are USD; a figure that reads two ways ("4,200") is asked
 * again, never guessed. Then checked as the seed's ExtractedQuoteData.
 */
const ModelQuoteDataSchema = z.preprocess(
  withEveryField,
  z
    .object({
      unitPrice: modelNumber(PriceSchema).nullable(),
      currency: modelCurrency(CurrencySchema).nullable(),
      quantity: count(),
      minimumOrderQuantity: count(),
      leadTimeDays: modelNumber(z.number().int().nonnegative(), { read: daysFromText }).nullable(),
      paymentTerms: z.string().max(500).nullable(),
      validUntil: z.string().max(100).nullable(),
      otherTerms: z.string().max(2000).nullable(),
    })
    .pipe(ExtractedQuoteDataSchema),
);

/** What the model returns for `extract_quote`; success and error are filled in by code from the call. */
export const ExtractQuoteOutputSchema = z.object({
  extractedData: ModelQuoteDataSchema.nullable(),
  /** A percentage (85) where the fraction (0.85) is asked is the fraction. */
  confidence: modelFraction(),
  notes: modelText(z.string().max(4000)),
});

export const extractionRole = defineRole({
  schemaName: SCHEMA_NAMES.extraction,
  output: ExtractQuoteOutputSchema,
  instructions: [
    "You are the extraction expert of a purchasing team. Read a supplier's email and report exactly what the " +
      "supplier stated: unit price and currency, quantity, minimum order quantity, lead time in days, payment " +
      "terms, validity, other terms. Use null for anything the supplier did not state; never guess or fill in " +
      "a value the email does not give. When earlier turns established a value that this email does not change, " +
      "carry it forward. Confidence is how sure you are the figures are read right (0-1); notes explain " +
      "ambiguities (a price that could be per case or per unit, two prices, a currency not named).",
    UNTRUSTED_DATA_RULE,
  ],
  sections: (input: ExtractionExpertInput) => [
    section("Supplier email", wrapPromptData("supplier_email", input.supplierMessage)),
    historySection(input.conversationHistory),
    input.priorExtractedData
      ? section(
          "Terms established in earlier turns",
          wrapPromptData("prior_terms", json(input.priorExtractedData)),
        )
      : null,
    questionSection(input.additionalQuestion),
  ],
});
