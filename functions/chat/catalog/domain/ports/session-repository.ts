import type { Delta, RecordedDelta, SessionState } from "../session-state";

export interface StoredSession {
  state: SessionState;
  version: number;
}

/** A tenant's chat sessions: state and delta history. */
export interface SessionRepository {
  load(sessionId: string): Promise<StoredSession | undefined>;
  /** Every delta, oldest first, with its replay record (what a rollback needs). */
  allDeltas(sessionId: string): Promise<RecordedDelta[]>;
  /** A page of deltas as the API shows them (no replay record). */
  listDeltas(
    sessionId: string,
    page: { limit: number; cursor?: string },
  ): Promise<{ deltas: Delta[]; cursor?: string }>;
  /**
   * Stores a new session's first state without a delta (a first message that found nothing), so the id
   * the answer returns works; a session that exists already is a ConflictError (409).
   */
  start(sessionId: string, state: SessionState): Promise<void>;
  /**
   * Writes the new state and its delta atomically; `expectedVersion` is the version loaded ("absent" for a
   * new session). A session changed meanwhile is a ConflictError (409) and nothing is written.
   */
  save(
    sessionId: string,
    state: SessionState,
    delta: RecordedDelta,
    expectedVersion: number | "absent",
  ): Promise<void>;
}
