import { sessionNotFound } from "../catalog-chat-answer";
import type { SessionRepository } from "../ports/session-repository";
import type { SessionState } from "../session-state";

/** A session's current state; a session that does not exist is not found. */
export const getCatalogSession = async (
  deps: { sessions: SessionRepository },
  sessionId: string,
): Promise<{ sessionId: string; state: SessionState }> => {
  const stored = await deps.sessions.load(sessionId);
  if (!stored) throw sessionNotFound(sessionId);
  return { sessionId, state: stored.state };
};
