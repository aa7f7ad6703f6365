import type { LlmPort } from "../../core/llm/llm-port";
import { type AgentProcessResponse, assembleAgentProcessResponse } from "./agent-process-response";
import { checkDraftForLeaks } from "./leak-check";
import { crafterInputFor, latestExtractedData, type MessageContext } from "./message-context";
import { craftResponse } from "./roles/response-crafter";
import type { ExpertOpinion, LlmCallMeta, OrchestratorDecision, OrchestratorTraceEntry } from "./roles/types";

export interface FinalizeInput {
  context: MessageContext;
  merchantInstructions: string;
  decision: OrchestratorDecision & { action: NonNullable<OrchestratorDecision["action"]> };
  decidedBy: AgentProcessResponse["decidedBy"];
  opinions: readonly ExpertOpinion[];
  trace: readonly OrchestratorTraceEntry[];
  classifierCall?: LlmCallMeta | null;
}

/**
 * After the decision: the crafter drafts the reply, the leak check reads it, and the response is
 * assembled. Neither step changes the decision; a leak only blocks the draft for the reviewer.
 */
export const finalizeResponse = async (llm: LlmPort, input: FinalizeInput): Promise<AgentProcessResponse> => {
  const crafted = await craftResponse(llm, crafterInputFor(input.context, input.decision, input.opinions));
  const leakCheck = crafted.draft
    ? checkDraftForLeaks({
        draft: crafted.draft,
        orderContext: input.context.orderContext,
        merchantInstructions: input.merchantInstructions,
        counterTerms: input.decision.counterTerms,
        extractedData: latestExtractedData(input.opinions),
      })
    : null;
  return assembleAgentProcessResponse({
    decision: input.decision,
    decidedBy: input.decidedBy,
    opinions: input.opinions,
    trace: input.trace,
    draft: crafted.draft,
    leakCheck,
    classifierCall: input.classifierCall ?? null,
    crafterCall: crafted.llm,
    ...(crafted.failure ? { crafterFailure: crafted.failure } : {}),
  });
};
