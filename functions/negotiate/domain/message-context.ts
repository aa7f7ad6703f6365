import type {
  ClassifiedInstructions,
  CounterTerms,
  EscalationExpertInput,
  ExpertName,
  ExpertOpinion,
  ExtractedQuoteData,
  ExtractionExpertInput,
  NeedsAnalysis,
  NeedsExpertInput,
  OrchestratorDecision,
  OrchestratorInput,
  OrderContext,
  ResponseCrafterInput,
} from "./roles/types";

/** Everything known while one supplier email is processed; each expert gets only its slice of it. */
export interface MessageContext {
  supplierMessage: string;
  conversationHistory?: string;
  /** The terms established by earlier turns of the thread. */
  priorExtractedData?: Partial<ExtractedQuoteData>;
  orderContext: OrderContext;
  classifiedInstructions: ClassifiedInstructions;
}

const latest = <E extends ExpertName>(opinions: readonly ExpertOpinion[], expert: E) =>
  opinions.filter((o): o is Extract<ExpertOpinion, { expert: E }> => o.expert === expert).at(-1);

/** The latest extracted terms from an extraction opinion that succeeded, or null. */
export const latestExtractedData = (opinions: readonly ExpertOpinion[]): ExtractedQuoteData | null =>
  opinions
    .filter((o): o is Extract<ExpertOpinion, { expert: "extraction" }> => o.expert === "extraction")
    .map((o) => o.analysis.extractedData)
    .filter((d): d is ExtractedQuoteData => d !== null)
    .at(-1) ?? null;

export const latestNeedsAnalysis = (opinions: readonly ExpertOpinion[]): NeedsAnalysis | null =>
  latest(opinions, "needs")?.analysis ?? null;

const withQuestion = (question: string | null | undefined) =>
  question ? { additionalQuestion: question } : {};
const withHistory = (history: string | undefined) => (history ? { conversationHistory: history } : {});

/** Raw data only: no rules, no triggers, no prices. */
export const extractionInputFor = (
  context: MessageContext,
  question?: string | null,
): ExtractionExpertInput => ({
  supplierMessage: context.supplierMessage,
  ...withHistory(context.conversationHistory),
  ...(context.priorExtractedData ? { priorExtractedData: context.priorExtractedData } : {}),
  ...withQuestion(question),
});

/** Triggers, the email, extracted data, what is ordered: no rules, no prices. */
export const escalationInputFor = (
  context: MessageContext,
  opinions: readonly ExpertOpinion[],
  question?: string | null,
): EscalationExpertInput => {
  const extractedData = latestExtractedData(opinions);
  return {
    supplierMessage: context.supplierMessage,
    ...withHistory(context.conversationHistory),
    escalationTriggers: context.classifiedInstructions.escalationTriggers,
    ...(extractedData ? { extractedData } : {}),
    orderContext: { skuName: context.orderContext.skuName, supplierSku: context.orderContext.supplierSku },
    ...withQuestion(question),
  };
};

/** Extracted data and rules: no triggers, no target prices, no special instructions. */
export const needsInputFor = (
  context: MessageContext,
  opinions: readonly ExpertOpinion[],
  question?: string | null,
): NeedsExpertInput => ({
  extractedData: latestExtractedData(opinions) ?? null,
  negotiationRules: context.classifiedInstructions.negotiationRules,
  orderContext: {
    skuName: context.orderContext.skuName,
    supplierSku: context.orderContext.supplierSku,
    quantityRequested: context.orderContext.quantityRequested,
  },
  ...withHistory(context.conversationHistory),
  ...withQuestion(question),
});

/** Everything: the orchestrator is the only one with the full picture. */
export const orchestratorInputFor = (
  context: MessageContext,
  opinions: readonly ExpertOpinion[],
  priorDecisions: readonly OrchestratorDecision[],
): OrchestratorInput => ({
  supplierMessage: context.supplierMessage,
  ...withHistory(context.conversationHistory),
  orderContext: context.orderContext,
  classifiedInstructions: context.classifiedInstructions,
  expertOpinions: [...opinions],
  priorOrchestratorDecisions: [...priorDecisions],
});

/** The decision and what the email needs: no raw rules, no triggers. */
export const crafterInputFor = (
  context: MessageContext,
  decision: OrchestratorDecision & { action: NonNullable<OrchestratorDecision["action"]> },
  opinions: readonly ExpertOpinion[],
): ResponseCrafterInput => {
  const needsAnalysis = decision.action === "clarify" ? latestNeedsAnalysis(opinions) : null;
  const counterTerms: CounterTerms | null = decision.action === "counter" ? decision.counterTerms : null;
  return {
    action: decision.action,
    reasoning: decision.reasoning,
    extractedData: latestExtractedData(opinions),
    orderContext: context.orderContext,
    ...withHistory(context.conversationHistory),
    ...(context.classifiedInstructions.specialInstructions
      ? { specialInstructions: context.classifiedInstructions.specialInstructions }
      : {}),
    ...(counterTerms ? { counterTerms } : {}),
    ...(needsAnalysis ? { needsAnalysis } : {}),
  };
};
