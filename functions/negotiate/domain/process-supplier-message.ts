import type { LlmPort } from "../../core/llm/llm-port";
import type { AgentProcessResponse } from "./agent-process-response";
import { createEscalationExpert } from "./experts/escalation";
import { createExtractionExpert } from "./experts/extraction";
import { createNeedsExpert } from "./experts/needs";
import type {
  ClassifiedInstructions,
  ExpertName,
  ExpertOpinion,
  ExtractedQuoteData,
  LlmCallMeta,
  OrchestratorTraceEntry,
  OrderContext,
} from "./experts/types";
import { finalizeResponse } from "./finalize-response";
import { classifyInstructions } from "./instruction-classifier";
import {
  escalationInputFor,
  extractionInputFor,
  type MessageContext,
  needsInputFor,
  orchestratorInputFor,
} from "./message-context";
import {
  decideNextStep,
  MAX_ITERATIONS,
  modelUnavailableDecision,
  safetyValveDecision,
} from "./orchestrator";

export interface ProcessSupplierMessageInput {
  supplierMessage: string;
  conversationHistory?: string;
  priorExtractedData?: Partial<ExtractedQuoteData>;
  orderContext: OrderContext;
  merchantInstructions: string;
  /** Reused when the thread's instructions were classified before; classified now otherwise. */
  classifiedInstructions?: ClassifiedInstructions;
}

export interface ProcessSupplierMessageResult {
  response: AgentProcessResponse;
  classifiedInstructions: ClassifiedInstructions | null;
}

/** Calls one expert with its tailored input; shared by the loop and the workflow's consult steps. */
export const consultExpert = (
  llm: LlmPort,
  expert: ExpertName,
  context: MessageContext,
  opinions: readonly ExpertOpinion[],
  question: string | null,
): Promise<ExpertOpinion> => {
  switch (expert) {
    case "extraction":
      return createExtractionExpert(llm).analyze(extractionInputFor(context, question));
    case "escalation":
      return createEscalationExpert(llm).analyze(escalationInputFor(context, opinions, question));
    case "needs":
      return createNeedsExpert(llm).analyze(needsInputFor(context, opinions, question));
  }
};

/**
 * Seed 003's pipeline in one process (the CLI, the benchmark and unit tests run it; the deployed system
 * runs the same steps as a Step Functions workflow): classify the instructions, ask the extraction and
 * escalation experts at once, then let the orchestrator decide or re-consult an expert, at most
 * MAX_ITERATIONS rounds, and draft the reply. Code never overrides the orchestrator's decision; when no
 * model can decide (offline, a failed model, the safety valve) the outcome is an escalation saying why.
 */
export const processSupplierMessage = async (
  llm: LlmPort,
  input: ProcessSupplierMessageInput,
): Promise<ProcessSupplierMessageResult> => {
  let classifierCall: LlmCallMeta | null = null;
  let classified = input.classifiedInstructions ?? null;
  if (!classified) {
    const result = await classifyInstructions(llm, input.merchantInstructions);
    classifierCall = result.llm;
    if (!result.ok) {
      const decision = {
        ...modelUnavailableDecision(result.failure),
        ...(result.failure.code === "llm_not_configured"
          ? {}
          : {
              reasoning: `The merchant's instructions could not be classified (${result.failure.code}), so no expert can be given its part: a person decides. ${result.failure.message}`,
            }),
      };
      const context: MessageContext = {
        supplierMessage: input.supplierMessage,
        orderContext: input.orderContext,
        classifiedInstructions: { negotiationRules: "", escalationTriggers: "", specialInstructions: "" },
      };
      const response = await finalizeResponse(llm, {
        context,
        merchantInstructions: input.merchantInstructions,
        decision: { ...decision, action: "escalate" },
        decidedBy:
          result.failure.code === "llm_not_configured" ? "model_unavailable" : "classification_failed",
        opinions: [],
        trace: [],
        classifierCall,
      });
      return { response, classifiedInstructions: null };
    }
    classified = result.value;
  }

  const context: MessageContext = {
    supplierMessage: input.supplierMessage,
    ...(input.conversationHistory ? { conversationHistory: input.conversationHistory } : {}),
    ...(input.priorExtractedData ? { priorExtractedData: input.priorExtractedData } : {}),
    orderContext: input.orderContext,
    classifiedInstructions: classified,
  };

  const opinions: ExpertOpinion[] = await Promise.all([
    consultExpert(llm, "extraction", context, [], null),
    consultExpert(llm, "escalation", context, [], null),
  ]);
  const trace: OrchestratorTraceEntry[] = [];

  const finish = (
    decision: Parameters<typeof finalizeResponse>[1]["decision"],
    decidedBy: AgentProcessResponse["decidedBy"],
  ) =>
    finalizeResponse(llm, {
      context,
      merchantInstructions: input.merchantInstructions,
      decision,
      decidedBy,
      opinions,
      trace,
      classifierCall,
    });

  for (let iteration = 1; iteration <= MAX_ITERATIONS; iteration += 1) {
    const result = await decideNextStep(
      llm,
      orchestratorInputFor(
        context,
        opinions,
        trace.map((t) => t.decision),
      ),
    );
    if (!result.ok) {
      const response = await finish(
        { ...modelUnavailableDecision(result.failure), action: "escalate" },
        "model_unavailable",
      );
      return { response, classifiedInstructions: classified };
    }
    const decision = result.value;
    trace.push({ iteration, decision, llm: result.llm });
    if (decision.readyToAct && decision.action !== null) {
      return {
        response: await finish({ ...decision, action: decision.action }, "orchestrator"),
        classifiedInstructions: classified,
      };
    }
    if (iteration === MAX_ITERATIONS || decision.nextExpert === null) break;
    opinions.push(
      await consultExpert(llm, decision.nextExpert, context, opinions, decision.questionForExpert),
    );
  }
  const response = await finish({ ...safetyValveDecision(), action: "escalate" }, "safety_valve");
  return { response, classifiedInstructions: classified };
};
