import { loadSession } from "../apply-catalog-tool";
import type { SessionRepository } from "../ports/session-repository";
import type { Delta } from "../session-state";

/** A page of a session's deltas, oldest first; a session that does not exist is not found. */
export const listCatalogDeltas = async (
  deps: { sessions: SessionRepository },
  request: { sessionId: string; limit: number; cursor?: string },
): Promise<{ deltas: Delta[]; cursor?: string }> => {
  await loadSession(deps, request.sessionId, true);
  return deps.sessions.listDeltas(request.sessionId, {
    limit: request.limit,
    ...(request.cursor === undefined ? {} : { cursor: request.cursor }),
  });
};
