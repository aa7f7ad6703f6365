import { z } from "zod";

/**
 * Seed 003's types: each expert's own typed input (tailored: it carries only what that expert needs),
 * the analysis each expert returns, the ExpertOpinion envelope, and the orchestrator's decision. The
 * zod schemas validate what the model answers and what is read back from the table.
 */

/** Prices are decimal amounts in the negotiation's currency (4.37), as the API and the supplier write them. */
export const PriceSchema = z.number().finite().nonnegative();

export const CurrencySchema = z.string().regex(/^[A-Z]{3}$/, "an ISO 4217 code such as USD or EUR");

/** What the supplier's emails said about the deal, as far as the extraction expert could tell. */
export const ExtractedQuoteDataSchema = z.object({
  /** Price per unit the supplier quoted, in `currency`. */
  unitPrice: PriceSchema.nullable(),
  currency: CurrencySchema.nullable(),
  /** Units the supplier offers at that price. */
  quantity: z.number().int().nonnegative().nullable(),
  minimumOrderQuantity: z.number().int().nonnegative().nullable(),
  leadTimeDays: z.number().int().nonnegative().nullable(),
  paymentTerms: z.string().max(500).nullable(),
  validUntil: z.string().max(100).nullable(),
  /** Anything else the supplier stated as a term (shipping, discounts for volume, conditions). */
  otherTerms: z.string().max(2000).nullable(),
});
export type ExtractedQuoteData = z.infer<typeof ExtractedQuoteDataSchema>;

export const OrderContextSchema = z.object({
  skuName: z.string().trim().min(1).max(200),
  supplierSku: z.string().trim().min(1).max(100),
  quantityRequested: z.string().trim().min(1).max(100),
  targetPrice: PriceSchema.optional(),
  lastKnownPrice: PriceSchema.optional(),
  currency: CurrencySchema,
});
export type OrderContext = z.infer<typeof OrderContextSchema>;

/** The merchant's free-text instructions, split by the instruction classifier. */
export const ClassifiedInstructionsSchema = z.object({
  negotiationRules: z.string().max(8000),
  escalationTriggers: z.string().max(8000),
  specialInstructions: z.string().max(8000),
});
export type ClassifiedInstructions = z.infer<typeof ClassifiedInstructionsSchema>;

export const AGENT_ACTIONS = ["accept", "counter", "escalate", "clarify"] as const;
export const AgentActionSchema = z.enum(AGENT_ACTIONS);
export type AgentAction = z.infer<typeof AgentActionSchema>;

export const CounterTermsSchema = z.object({
  targetPrice: PriceSchema.optional(),
  targetQuantity: z.number().int().positive().optional(),
  otherTerms: z.string().max(2000).optional(),
});
export type CounterTerms = z.infer<typeof CounterTermsSchema>;

export const EXPERT_NAMES = ["extraction", "escalation", "needs"] as const;
export const ExpertNameSchema = z.enum(EXPERT_NAMES);
export type ExpertName = z.infer<typeof ExpertNameSchema>;

// ---- Analyses (seed: ExtractionAnalysis, EscalationAnalysis, NeedsAnalysis) ----

export const ExtractionAnalysisSchema = z.object({
  extractedData: ExtractedQuoteDataSchema.nullable(),
  confidence: z.number().min(0).max(1),
  notes: z.string().max(4000),
  success: z.boolean(),
  error: z.string().max(2000).nullable(),
});
export type ExtractionAnalysis = z.infer<typeof ExtractionAnalysisSchema>;

export const EscalationSeveritySchema = z.enum(["none", "low", "medium", "high", "critical"]);

export const EscalationAnalysisSchema = z.object({
  shouldEscalate: z.boolean(),
  reasoning: z.string().max(4000),
  triggersEvaluated: z.array(z.string().max(500)).max(50),
  triggeredTriggers: z.array(z.string().max(500)).max(50),
  severity: EscalationSeveritySchema,
});
export type EscalationAnalysis = z.infer<typeof EscalationAnalysisSchema>;

export const NeedsAnalysisSchema = z.object({
  missingFields: z.array(z.string().max(200)).max(30),
  prioritizedQuestions: z.array(z.string().max(1000)).max(20),
  reasoning: z.string().max(4000),
});
export type NeedsAnalysis = z.infer<typeof NeedsAnalysisSchema>;

// ---- The opinion envelope ----

/** What one model call cost and how it went: the opinion's observability metadata. */
export const LlmCallMetaSchema = z.object({
  schemaName: z.string(),
  provider: z.string(),
  model: z.string(),
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  latencyMs: z.number().nonnegative(),
  attempts: z.number().int().nonnegative(),
  outcome: z.enum(["ok", "error"]),
  errorCode: z.string().optional(),
});
export type LlmCallMeta = z.infer<typeof LlmCallMetaSchema>;

/** Why an expert could not give its opinion (the model failed); the orchestrator sees it as such. */
export const ExpertFailureSchema = z.object({ code: z.string(), message: z.string() });

const opinionBase = {
  /** The orchestrator's follow-up question when this opinion answers a re-consultation. */
  question: z.string().nullable(),
  llm: LlmCallMetaSchema,
  failure: ExpertFailureSchema.optional(),
};

/** Every expert returns this shape: its typed analysis (null when its model failed) and LLM metadata. */
export const ExpertOpinionSchema = z.discriminatedUnion("expert", [
  z.object({ expert: z.literal("extraction"), analysis: ExtractionAnalysisSchema, ...opinionBase }),
  z.object({
    expert: z.literal("escalation"),
    analysis: EscalationAnalysisSchema.nullable(),
    ...opinionBase,
  }),
  z.object({ expert: z.literal("needs"), analysis: NeedsAnalysisSchema.nullable(), ...opinionBase }),
]);
export type ExpertOpinion = z.infer<typeof ExpertOpinionSchema>;
export type ExtractionOpinion = Extract<ExpertOpinion, { expert: "extraction" }>;
export type EscalationOpinion = Extract<ExpertOpinion, { expert: "escalation" }>;
export type NeedsOpinion = Extract<ExpertOpinion, { expert: "needs" }>;

// ---- The orchestrator's decision (seed: { readyToAct, action, reasoning, nextExpert, questionForExpert, counterTerms }) ----

export const OrchestratorDecisionSchema = z
  .object({
    readyToAct: z.boolean(),
    action: AgentActionSchema.nullable(),
    reasoning: z.string().min(1).max(4000),
    nextExpert: ExpertNameSchema.nullable(),
    questionForExpert: z.string().max(2000).nullable(),
    counterTerms: CounterTermsSchema.nullable(),
  })
  .superRefine((decision, ctx) => {
    // Asked of the model in the prompt and checked here, so a bad answer is re-asked, never guessed at.
    if (decision.readyToAct && decision.action === null) {
      ctx.addIssue({ code: "custom", path: ["action"], message: "required when readyToAct is true" });
    }
    if (!decision.readyToAct && decision.nextExpert === null) {
      ctx.addIssue({ code: "custom", path: ["nextExpert"], message: "required when readyToAct is false" });
    }
  });
export type OrchestratorDecision = z.infer<typeof OrchestratorDecisionSchema>;

/** One orchestrator round as the trace keeps it. */
export const OrchestratorTraceEntrySchema = z.object({
  iteration: z.number().int().positive(),
  decision: OrchestratorDecisionSchema,
  llm: LlmCallMetaSchema,
});
export type OrchestratorTraceEntry = z.infer<typeof OrchestratorTraceEntrySchema>;

// ---- Tailored inputs (verbatim from the seed) ----

export interface ExtractionExpertInput {
  supplierMessage: string;
  conversationHistory?: string;
  priorExtractedData?: Partial<ExtractedQuoteData>;
  additionalQuestion?: string;
}

export interface EscalationExpertInput {
  supplierMessage: string;
  conversationHistory?: string;
  escalationTriggers: string;
  extractedData?: ExtractedQuoteData;
  orderContext: {
    skuName: string;
    supplierSku: string;
  };
  additionalQuestion?: string;
}

export interface NeedsExpertInput {
  extractedData: ExtractedQuoteData | null;
  negotiationRules: string;
  orderContext: {
    skuName: string;
    supplierSku: string;
    quantityRequested: string;
  };
  conversationHistory?: string;
  additionalQuestion?: string;
}

export interface OrchestratorInput {
  supplierMessage: string;
  conversationHistory?: string;
  orderContext: OrderContext;
  classifiedInstructions: ClassifiedInstructions;
  expertOpinions: ExpertOpinion[];
  priorOrchestratorDecisions: OrchestratorDecision[];
}

export interface ResponseCrafterInput {
  action: AgentAction;
  reasoning: string;
  extractedData: ExtractedQuoteData | null;
  orderContext: OrderContext;
  conversationHistory?: string;
  specialInstructions?: string;
  counterTerms?: CounterTerms;
  needsAnalysis?: NeedsAnalysis;
}

// ---- Expert interfaces (each its own analyze input; no shared ExpertInput) ----

export interface ExtractionExpert {
  name: "extraction";
  analyze(input: ExtractionExpertInput): Promise<ExtractionOpinion>;
}

export interface EscalationExpert {
  name: "escalation";
  analyze(input: EscalationExpertInput): Promise<EscalationOpinion>;
}

export interface NeedsExpert {
  name: "needs";
  analyze(input: NeedsExpertInput): Promise<NeedsOpinion>;
}

/** The reply to the supplier, as every drafting role (crafter, outreach) writes it. */
export const DraftEmailSchema = z.object({
  subject: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(8000),
});
export type DraftEmail = z.infer<typeof DraftEmailSchema>;
