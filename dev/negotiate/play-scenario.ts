import type { LlmPort } from "../../functions/core/llm/llm-port";
import type { AgentProcessResponse } from "../../functions/negotiate/domain/agent-process-response";
import { startLocalNegotiation } from "./local-negotiation";
import type { NegotiationScenario } from "./scenarios";

export interface PlayedTurn {
  supplierMessage: string;
  expectedAction: string;
  response: AgentProcessResponse;
  wallMs: number;
}

/**
 * Plays a scenario's thread through the negotiation workflow (the ASL, run locally): each supplier email
 * is one execution, and its drafted reply is approved (as a reviewer would) so it joins the history of the
 * next email; an email without a draft is rejected, so the next one can follow.
 */
export const playScenario = async (llm: LlmPort, scenario: NegotiationScenario): Promise<PlayedTurn[]> => {
  const negotiation = await startLocalNegotiation(llm, scenario);
  const played: PlayedTurn[] = [];
  try {
    for (const turn of scenario.turns) {
      const started = performance.now();
      const { messageId, response } = await negotiation.receive(turn.supplierMessage);
      if (!response) throw new Error(`${scenario.name}: the workflow ended without a response`);
      played.push({
        supplierMessage: turn.supplierMessage,
        expectedAction: turn.expectedAction,
        response,
        wallMs: performance.now() - started,
      });
      if (response.draft) await negotiation.approve(messageId, response.draft.body);
      else await negotiation.reject(messageId);
    }
  } finally {
    await negotiation.stop();
  }
  return played;
};
