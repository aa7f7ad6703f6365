import { sessionNotFound } from "../catalog-chat-answer";
import type { SessionRepository } from "../ports/session-repository";
import type { Delta } from "../session-state";

/** A page of a session's deltas, oldest first; a session that does not exist is not found. */
export const listCatalogDeltas = async (
  deps: { sessions: SessionRepository },
  request: { sessionId: string; limit: number; cursor?: string },
): Promise<{ deltas: Delta[]; cursor?: string }> => {
  if (!(await deps.sessions.load(request.sessionId))) throw sessionNotFound(request.sessionId);
  return deps.sessions.listDeltas(request.sessionId, {
    limit: request.limit,
    ...(request.cursor === undefined ? {} : { cursor: request.cursor }),
  });
};
