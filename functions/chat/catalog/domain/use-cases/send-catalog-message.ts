import {
  type CatalogChatAnswer,
  type CatalogChatDeps,
  changedAnswer,
  recordedDelta,
  sessionNotFound,
  unchangedAnswer,
} from "../catalog-chat-answer";
import type { ToolCaller } from "../ports/tool-caller";
import { emptyState, TRIGGER_USER_QUERY } from "../session-state";
import { runCatalogTool } from "../tools/catalog-tools";

export interface SendCatalogMessageDeps extends CatalogChatDeps {
  agent1: ToolCaller;
  /** A new session's id (`cs_…`), made by the wiring. */
  newSessionId: () => string;
}

/**
 * One chat message: Agent 1 picks a tool, the tool changes the state, Agent 2 builds the template, and the
 * state and delta are saved together. Agent 1 stops after its first call: the tool's "ok"/"empty" is the end.
 * Without a session id a new session starts; a given id this tenant does not have is `session_not_found`.
 */
export const sendCatalogMessage = async (
  deps: SendCatalogMessageDeps,
  request: { sessionId?: string; query: string },
): Promise<CatalogChatAnswer> => {
  const call = await deps.agent1.chooseTool(request.query);
  const sessionId = request.sessionId ?? deps.newSessionId();
  const stored = await deps.sessions.load(sessionId);
  if (!stored && request.sessionId !== undefined) throw sessionNotFound(sessionId);
  const { state, version } = stored ?? { state: emptyState(), version: "absent" as const };
  const outcome = await runCatalogTool(
    { catalog: deps.catalog, state, deltas: () => deps.sessions.allDeltas(sessionId) },
    call.tool,
    call.args,
  );
  if (!outcome.change) {
    // A new session's first message that changed nothing (a search that found nothing) still starts the
    // session: the answer's sessionId must work for the next message.
    if (version === "absent") await deps.sessions.start(sessionId, state);
    return unchangedAnswer(sessionId, state, outcome, await deps.templates.build(request.query, state));
  }
  const next = outcome.change.state;
  const template = outcome.template ?? (await deps.templates.build(request.query, next));
  const delta = recordedDelta(outcome.change, TRIGGER_USER_QUERY, template, deps.now());
  // One transaction with a version check: a message racing another of the session is a 409, nothing written.
  await deps.sessions.save(sessionId, next, delta, version);
  return changedAnswer(sessionId, next, outcome, delta, template);
};
