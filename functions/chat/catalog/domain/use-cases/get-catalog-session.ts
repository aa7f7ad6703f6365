import { loadSession } from "../apply-catalog-tool";
import type { SessionRepository } from "../ports/session-repository";
import type { SessionState } from "../session-state";

/** A session's current state; a session that does not exist is not found. */
export const getCatalogSession = async (
  deps: { sessions: SessionRepository },
  sessionId: string,
): Promise<{ sessionId: string; state: SessionState }> => {
  const { state } = await loadSession(deps, sessionId, true);
  return { sessionId, state };
};
