import type { Delta, SessionState } from "../session-state";

export interface StoredSession {
  state: SessionState;
  version: number;
}

/** A tenant's chat sessions: state and delta history. */
export interface SessionRepository {
  load(sessionId: string): Promise<StoredSession | undefined>;
  /** Every delta, oldest first. */
  allDeltas(sessionId: string): Promise<Delta[]>;
  listDeltas(
    sessionId: string,
    page: { limit: number; cursor?: string },
  ): Promise<{ deltas: Delta[]; cursor?: string }>;
  /**
   * Writes the new state and its delta atomically; `expectedVersion` is the version loaded ("absent" for a
   * new session). A session changed meanwhile is a ConflictError (409) and nothing is written.
   */
  save(
    sessionId: string,
    state: SessionState,
    delta: Delta,
    expectedVersion: number | "absent",
  ): Promise<void>;
}
