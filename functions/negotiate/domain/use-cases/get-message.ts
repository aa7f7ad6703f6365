import type { AgentProcessResponse } from "../agent-process-response";
import type { SupplierMessage } from "../negotiation";
import type { NegotiationDeps } from "../negotiation-deps";
import { messageOrThrow } from "../negotiation-lookups";
import type { DraftEmail, ExpertOpinion, OrchestratorTraceEntry } from "../roles/types";

export interface MessageView {
  negotiationId: string;
  messageId: string;
  supplierMessage: string;
  receivedAt: string;
  status: SupplierMessage["status"];
  step: string | null;
  response: AgentProcessResponse | null;
  draft: DraftEmail | null;
  draftBlocked: boolean;
  /** While running: the opinions and orchestrator rounds stored so far. */
  progress: { expertOpinions: ExpertOpinion[]; orchestratorTrace: OrchestratorTraceEntry[] };
  review: SupplierMessage["review"];
  approvedReply: string | null;
  failure: SupplierMessage["failure"];
}

export const getMessage = async (
  deps: NegotiationDeps,
  negotiationId: string,
  messageId: string,
): Promise<MessageView> => {
  const message = await messageOrThrow(deps, negotiationId, messageId);
  const [expertOpinions, orchestratorTrace] = message.response
    ? [message.response.expertOpinions, message.response.orchestratorTrace]
    : await Promise.all([
        deps.repository.listOpinions(negotiationId, messageId),
        deps.repository.listTrace(negotiationId, messageId),
      ]);
  return {
    negotiationId,
    messageId,
    supplierMessage: message.supplierMessage,
    receivedAt: message.receivedAt,
    status: message.status,
    step: message.step,
    response: message.response,
    draft: message.response?.draft ?? null,
    draftBlocked: message.response?.leakCheck?.blocked ?? false,
    progress: { expertOpinions, orchestratorTrace },
    review: message.review,
    approvedReply: message.approvedReply,
    failure: message.failure,
  };
};
