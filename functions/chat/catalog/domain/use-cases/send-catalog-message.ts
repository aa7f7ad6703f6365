import { applyCatalogTool, type CatalogChatAnswer, type CatalogChatDeps } from "../apply-catalog-tool";
import type { ToolCaller } from "../ports/tool-caller";
import { TRIGGER_USER_QUERY } from "../session-state";

export interface SendCatalogMessageDeps extends CatalogChatDeps {
  agent1: ToolCaller;
  /** A new session's id (`cs_…`), made by the wiring. */
  newSessionId: () => string;
}

/**
 * One chat message: Agent 1 picks a tool, the tool changes the state, Agent 2 builds the template, and the
 * state and delta are saved together. Agent 1 stops after its first call: the tool's "ok"/"empty" is the end.
 */
export const sendCatalogMessage = async (
  deps: SendCatalogMessageDeps,
  request: { sessionId?: string; query: string },
): Promise<CatalogChatAnswer> => {
  const call = await deps.agent1.chooseTool(request.query);
  return applyCatalogTool(deps, {
    sessionId: request.sessionId ?? deps.newSessionId(),
    isNew: request.sessionId === undefined,
    query: request.query,
    trigger: TRIGGER_USER_QUERY,
    tool: call.tool,
    args: call.args,
  });
};
