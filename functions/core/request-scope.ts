import type { LlmPort } from "./llm/llm-port";
import { withModelSession } from "./llm/model-session";
import type { UsageRecorder } from "./llm/usage-recorder";
import type { Logger } from "./logger";

/**
 * What one API request or one workflow step works in: its tenant, its logger, and a model session bounded
 * by its deadline that records every call's usage. The one per-request scope every area's wiring builds
 * its request dependencies from.
 */
export interface RequestScope {
  tenant: string;
  logger: Logger;
  /** Records usage and aborts every call at `deadline` (as `llm_timeout`), so the offline path answers. */
  llm: LlmPort;
  /** Records usage only: for an agent loop that watches `deadline` itself and answers with what it has. */
  recordingLlm: LlmPort;
  /**
   * Epoch ms by which model calls must end: an API request's `c.get("modelDeadline")` (apiModelDeadline),
   * a step's stepModelDeadline(context); undefined only where nothing bounds the caller (a script).
   */
  deadline: number | undefined;
  /** Every model call of the scope so far (provider, tokens, latency), for answers that report them. */
  usage: UsageRecorder;
}

export interface RequestScopeInput {
  tenant: string;
  logger: Logger;
  deadline: number | undefined;
  /** Added to the one log line of the scope's LLM totals (`route`, `step`, ids). */
  logContext?: Record<string, unknown>;
}

/**
 * Runs `use` in a request scope over `llm`; one log line gives the scope's LLM totals afterwards, whether
 * `use` succeeded or not (only when a call was made).
 */
export const withRequestScope = <T>(
  llm: LlmPort,
  input: RequestScopeInput,
  use: (scope: RequestScope) => Promise<T>,
): Promise<T> =>
  withModelSession(
    llm,
    { deadline: input.deadline, logger: input.logger, logContext: input.logContext },
    (session) =>
      use({
        tenant: input.tenant,
        logger: input.logger,
        llm: session.llm,
        recordingLlm: session.recordingLlm,
        deadline: session.deadline,
        usage: session.recorder,
      }),
  );
