import type { LlmPort } from "../../functions/core/llm/llm-port";
import type { AgentProcessResponse } from "../../functions/negotiate/domain/agent-process-response";
import {
  formatConversationHistory,
  type ThreadEmail,
} from "../../functions/negotiate/domain/conversation-context";
import type {
  ClassifiedInstructions,
  ExtractedQuoteData,
} from "../../functions/negotiate/domain/experts/types";
import { processSupplierMessage } from "../../functions/negotiate/domain/process-supplier-message";
import type { NegotiationScenario } from "./scenarios";

export interface PlayedTurn {
  supplierMessage: string;
  expectedAction: string;
  response: AgentProcessResponse;
  wallMs: number;
}

/**
 * Plays a scenario's thread in one process: each supplier email goes through the pipeline, and its drafted
 * reply is taken as approved (as a reviewer would) so it joins the history of the next email.
 */
export const playScenario = async (llm: LlmPort, scenario: NegotiationScenario): Promise<PlayedTurn[]> => {
  const thread: ThreadEmail[] = [];
  let classified: ClassifiedInstructions | undefined;
  let priorExtractedData: ExtractedQuoteData | null = null;
  const played: PlayedTurn[] = [];
  for (const turn of scenario.turns) {
    const history = formatConversationHistory(thread);
    const started = performance.now();
    const result = await processSupplierMessage(llm, {
      supplierMessage: turn.supplierMessage,
      ...(history ? { conversationHistory: history } : {}),
      ...(priorExtractedData ? { priorExtractedData } : {}),
      orderContext: scenario.orderContext,
      merchantInstructions: scenario.merchantInstructions,
      ...(classified ? { classifiedInstructions: classified } : {}),
    });
    played.push({
      supplierMessage: turn.supplierMessage,
      expectedAction: turn.expectedAction,
      response: result.response,
      wallMs: performance.now() - started,
    });
    classified = result.classifiedInstructions ?? undefined;
    priorExtractedData = result.response.extraction?.extractedData ?? priorExtractedData;
    thread.push({ from: "supplier", text: turn.supplierMessage });
    if (result.response.draft) thread.push({ from: "merchant", text: result.response.draft.body });
  }
  return played;
};
