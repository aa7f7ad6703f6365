import {
  type CatalogChatAnswer,
  type CatalogChatDeps,
  changedAnswer,
  recordedDelta,
  sessionNotFound,
  unchangedAnswer,
} from "../catalog-chat-answer";
import { TRIGGER_TOOL_CALL } from "../session-state";
import { type CatalogToolName, runCatalogTool } from "../tools/catalog-tools";

/**
 * One tool run directly, without Agent 1: the same answer as a chat message, the tool's name as the query
 * Agent 2 builds the template for. The session must exist (a chat message starts it): an id this tenant
 * does not have is `session_not_found`. A tool that changes nothing writes nothing; a change is saved with
 * its delta in one transaction with a version check (a racing call is a 409).
 */
export const runCatalogToolOnSession = async (
  deps: CatalogChatDeps,
  request: { sessionId: string; tool: CatalogToolName; args: unknown },
): Promise<CatalogChatAnswer> => {
  const { sessionId, tool } = request;
  const stored = await deps.sessions.load(sessionId);
  if (!stored) throw sessionNotFound(sessionId);
  const { state, version } = stored;
  const outcome = await runCatalogTool(
    { catalog: deps.catalog, state, deltas: () => deps.sessions.allDeltas(sessionId) },
    tool,
    request.args,
  );
  if (!outcome.change) {
    return unchangedAnswer(sessionId, state, outcome, await deps.templates.build(tool, state));
  }
  const next = outcome.change.state;
  const template = outcome.template ?? (await deps.templates.build(tool, next));
  const delta = recordedDelta(outcome.change, TRIGGER_TOOL_CALL, template, deps.now());
  await deps.sessions.save(sessionId, next, delta, version);
  return changedAnswer(sessionId, next, outcome, delta, template);
};
