import type { RecordedDelta, SessionState, Template } from "../session-state";

/**
 * What a tool returns: the seed's short result text for the model ("ok: …" / "empty: …", never data) and,
 * when the state changed, the new state and its delta. No change means the state and deltas stay as they were.
 */
export interface ToolOutcome {
  tool_result: string;
  change?: { state: SessionState; delta: Omit<RecordedDelta, "template" | "createdAt" | "trigger"> };
  /** A template to show as it was, not rebuilt by Agent 2: a rollback replays the step's stored one. */
  template?: Template;
}
