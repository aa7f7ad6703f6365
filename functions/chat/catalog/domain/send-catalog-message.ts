import { randomUUID } from "node:crypto";
import { applyCatalogTool, type CatalogChatAnswer, type CatalogChatDeps } from "./apply-catalog-tool";
import type { ToolCall } from "./offline-agent1";
import { TRIGGER_USER_QUERY } from "./session-state";

/** Agent 1: picks exactly one tool call for the query (the seed: always a tool, never a question). */
export interface ToolCaller {
  chooseTool(query: string): Promise<ToolCall>;
}

export const newSessionId = (): string => `cs_${randomUUID().replaceAll("-", "")}`;

/**
 * One chat message: Agent 1 picks a tool, the tool changes the state, Agent 2 builds the template, and the
 * state and delta are saved together. Agent 1 stops after its first call: the tool's "ok"/"empty" is the end.
 */
export const sendCatalogMessage = async (
  deps: CatalogChatDeps & { agent1: ToolCaller },
  request: { sessionId?: string; query: string },
): Promise<CatalogChatAnswer> => {
  const call = await deps.agent1.chooseTool(request.query);
  return applyCatalogTool(deps, {
    sessionId: request.sessionId ?? newSessionId(),
    isNew: request.sessionId === undefined,
    query: request.query,
    trigger: TRIGGER_USER_QUERY,
    tool: call.tool,
    args: call.args,
  });
};
