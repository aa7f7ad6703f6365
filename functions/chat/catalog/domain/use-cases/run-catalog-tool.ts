import { applyCatalogTool, type CatalogChatAnswer, type CatalogChatDeps } from "../apply-catalog-tool";
import type { CatalogToolName } from "../catalog-tools";
import { TRIGGER_TOOL_CALL } from "../session-state";

/**
 * One tool run directly, without Agent 1: the same answer as a chat message, the tool's name as the query.
 * The session must exist (a chat message starts it): an id this tenant does not have is `session_not_found`.
 */
export const runCatalogToolOnSession = (
  deps: CatalogChatDeps,
  request: { sessionId: string; tool: CatalogToolName; args: unknown },
): Promise<CatalogChatAnswer> =>
  applyCatalogTool(deps, {
    sessionId: request.sessionId,
    isNew: false,
    query: request.tool,
    trigger: TRIGGER_TOOL_CALL,
    tool: request.tool,
    args: request.args,
  });
