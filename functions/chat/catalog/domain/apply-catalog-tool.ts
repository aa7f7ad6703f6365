import { NotFoundError } from "../../../core/errors";
import { type CatalogToolName, runCatalogTool } from "./catalog-tools";
import type { CatalogPort } from "./ports/catalog-port";
import type { SessionRepository } from "./ports/session-repository";
import type { TemplateBuilder } from "./ports/template-builder";
import {
  type Delta,
  emptyState,
  publicDelta,
  type RecordedDelta,
  type SessionState,
  type Template,
  type Trigger,
} from "./session-state";

export interface CatalogChatDeps {
  sessions: SessionRepository;
  catalog: CatalogPort;
  templates: TemplateBuilder;
  now: () => Date;
}

export interface CatalogChatAnswer {
  sessionId: string;
  step: number;
  tool_result: string;
  state: SessionState;
  delta: Delta | null;
  template: Template;
}

/** A session's current state and the version it was loaded at ("absent": a new session). */
export const loadSession = async (
  deps: Pick<CatalogChatDeps, "sessions">,
  sessionId: string,
  mustExist: boolean,
): Promise<{ state: SessionState; version: number | "absent" }> => {
  const stored = await deps.sessions.load(sessionId);
  if (stored) return stored;
  if (mustExist)
    throw new NotFoundError(`No catalog chat session ${sessionId}`, { code: "session_not_found" });
  return { state: emptyState(), version: "absent" };
};

/**
 * Runs one tool on a session: the tool computes the new state, Agent 2 builds its template, and the state
 * and the delta (carrying the template) are written in one transaction with a version check. A tool that
 * changes nothing writes no delta and answers with the current state (a new session is still stored).
 */
export const applyCatalogTool = async (
  deps: CatalogChatDeps,
  request: {
    sessionId: string;
    isNew: boolean;
    query: string;
    trigger: Trigger;
    tool: CatalogToolName;
    args: unknown;
  },
): Promise<CatalogChatAnswer> => {
  const { state, version } = await loadSession(deps, request.sessionId, !request.isNew);
  const outcome = await runCatalogTool(
    { catalog: deps.catalog, state, deltas: () => deps.sessions.allDeltas(request.sessionId) },
    request.tool,
    request.args,
  );
  if (!outcome.change) {
    // A new session's first message that changed nothing (a search that found nothing) still starts the
    // session: the answer's sessionId must work for the next message.
    if (version === "absent") await deps.sessions.start(request.sessionId, state);
    return {
      sessionId: request.sessionId,
      step: state.step,
      tool_result: outcome.tool_result,
      state,
      delta: null,
      template: await deps.templates.build(request.query, state),
    };
  }
  const next = outcome.change.state;
  const template = await deps.templates.build(request.query, next);
  const delta: RecordedDelta = {
    ...outcome.change.delta,
    trigger: request.trigger,
    template,
    createdAt: deps.now().toISOString(),
  };
  await deps.sessions.save(request.sessionId, next, delta, version);
  return {
    sessionId: request.sessionId,
    step: next.step,
    tool_result: outcome.tool_result,
    state: next,
    delta: publicDelta(delta),
    template,
  };
};
