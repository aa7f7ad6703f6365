import type {
  ClassifiedInstructions,
  EscalationAnalysis,
  ExtractedQuoteData,
  NeedsAnalysis,
  OrchestratorDecision,
  OrderContext,
} from "../../../functions/negotiate/domain/roles/types";
import { createFakeLlm, type FakeLlm } from "../llm/fake-llm";

/** Private figures are chosen so a prompt or draft containing them is easy to spot: nothing else uses them. */
export const TARGET_PRICE = 4.37;
export const LAST_KNOWN_PRICE = 4.81;
export const WALK_AWAY = "5.19";

export const orderContext: OrderContext = {
  skuName: "Organic oat milk 1 L",
  supplierSku: "OAT-1L-ORG",
  quantityRequested: "2,000 units",
  targetPrice: TARGET_PRICE,
  lastKnownPrice: LAST_KNOWN_PRICE,
  currency: "USD",
};

export const RULES = "Aim for the lowest unit price; lead time must be under 21 days. MARKER_RULES";
export const TRIGGERS = "Escalate if the supplier demands full prepayment. MARKER_TRIGGERS";
export const SPECIAL = "Cartons must be Tetra Pak with the organic seal. MARKER_SPECIAL";

export const classified: ClassifiedInstructions = {
  negotiationRules: RULES,
  escalationTriggers: TRIGGERS,
  specialInstructions: SPECIAL,
};

export const merchantInstructions = `${RULES}\nWalk away above $${WALK_AWAY} per unit. Never promise exclusivity.\n${TRIGGERS}\n${SPECIAL}`;

export const supplierEmail =
  "Hello, we can do 2,000 units of OAT-1L-ORG at $4.95 per unit, delivery in 14 days, net 30. Best, Dana";

export const extracted: ExtractedQuoteData = {
  unitPrice: 4.95,
  currency: "USD",
  quantity: 2000,
  minimumOrderQuantity: null,
  leadTimeDays: 14,
  paymentTerms: "net 30",
  validUntil: null,
  otherTerms: null,
};

export const extractionAnswer = { extractedData: extracted, confidence: 0.9, notes: "clear quote" };

export const noEscalation: EscalationAnalysis = {
  shouldEscalate: false,
  reasoning: "No trigger fires.",
  triggersEvaluated: ["full prepayment"],
  triggeredTriggers: [],
  severity: "none",
};

export const needsAnswer: NeedsAnalysis = {
  missingFields: ["validUntil"],
  prioritizedQuestions: ["How long is this price valid?"],
  reasoning: "Validity matters to plan the order.",
};

export const decide = (overrides: Partial<OrchestratorDecision>): OrchestratorDecision => ({
  readyToAct: true,
  action: "accept",
  reasoning: "Within the rules.",
  nextExpert: null,
  questionForExpert: null,
  counterTerms: null,
  ...overrides,
});

export const consult = (nextExpert: "extraction" | "escalation" | "needs", question: string) =>
  decide({
    readyToAct: false,
    action: null,
    nextExpert,
    questionForExpert: question,
    reasoning: "Need more.",
  });

export const draftAnswer = { subject: "Re: oat milk", body: "Thank you. Could we meet at $4.60 per unit?" };

/** A fake model answering every prompt of the negotiation, routed by schema name. */
export const scriptedLlm = (): FakeLlm =>
  createFakeLlm()
    .onStructured("classify_instructions", classified)
    .onStructured("extract_quote", extractionAnswer)
    .onStructured("evaluate_escalation", noEscalation)
    .onStructured("analyze_needs", needsAnswer)
    .onStructured("generate_counter_offer", draftAnswer)
    .onStructured("generate_clarification", {
      subject: "Re: oat milk",
      body: "How long is this price valid?",
    });

/** The user prompt text of every call of one schema name. */
export const promptsOf = (llm: FakeLlm, schemaName: string): string[] =>
  llm.callsNamed(schemaName).map((call) => {
    const request = call.request;
    return [request.system, ...request.messages.map((m) => ("content" in m ? m.content : ""))].join("\n");
  });
