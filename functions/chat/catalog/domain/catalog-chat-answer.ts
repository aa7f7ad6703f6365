import { NotFoundError } from "../../../core/errors";
import type { CatalogPort } from "./ports/catalog-port";
import type { SessionRepository } from "./ports/session-repository";
import type { TemplateBuilder } from "./ports/template-builder";
import {
  type Delta,
  publicDelta,
  type RecordedDelta,
  type SessionState,
  type Template,
  type Trigger,
} from "./session-state";
import type { ToolOutcome } from "./tools/tool-outcome";

/** What running a tool on a session needs: the sessions, the catalog, Agent 2 and the clock. */
export interface CatalogChatDeps {
  sessions: SessionRepository;
  catalog: CatalogPort;
  templates: TemplateBuilder;
  now: () => Date;
}

/** The answer to a chat message or a direct tool call: the tool's result, the state, its delta, the template. */
export interface CatalogChatAnswer {
  sessionId: string;
  step: number;
  tool_result: string;
  state: SessionState;
  delta: Delta | null;
  template: Template;
}

/** A session id this tenant does not have (`session_not_found`, a 404). */
export const sessionNotFound = (sessionId: string): NotFoundError =>
  new NotFoundError(`No catalog chat session ${sessionId}`, { code: "session_not_found" });

/** The answer when the tool changed nothing: the current state, no delta. */
export const unchangedAnswer = (
  sessionId: string,
  state: SessionState,
  outcome: ToolOutcome,
  template: Template,
): CatalogChatAnswer => ({
  sessionId,
  step: state.step,
  tool_result: outcome.tool_result,
  state,
  delta: null,
  template,
});

/** The delta a changing tool records: its change, what triggered it, Agent 2's template, when. */
export const recordedDelta = (
  change: NonNullable<ToolOutcome["change"]>,
  trigger: Trigger,
  template: Template,
  now: Date,
): RecordedDelta => ({ ...change.delta, trigger, template, createdAt: now.toISOString() });

/** The answer when the tool changed the state: the new state and its delta as the API shows it. */
export const changedAnswer = (
  sessionId: string,
  next: SessionState,
  outcome: ToolOutcome,
  delta: RecordedDelta,
  template: Template,
): CatalogChatAnswer => ({
  sessionId,
  step: next.step,
  tool_result: outcome.tool_result,
  state: next,
  delta: publicDelta(delta),
  template,
});
