import { deadlineFromRemainingTime, type RemainingTime } from "../../core/agent/deadline";
import type { LlmPort } from "../../core/llm/llm-port";
import { withModelSession } from "../../core/llm/model-session";
import type { Logger } from "../../core/logger";
import type { CookDeps } from "../domain/ports/cook-deps";
import type { CookApiDeps } from "../http/cook-api-deps";
import { cookDepsForRequest } from "./cook-deps-for-request";

/** Time kept back from the Lambda's remaining time so a request can save and answer after its model stops. */
export const MODEL_DEADLINE_MARGIN_MS = 3_000;

/** What one request that may call the model brings: its tenant, logger, route and Lambda context. */
export interface CookModelRequest {
  tenant: string;
  logger: Logger;
  /** `METHOD /route/{param}`, for the request's one LLM totals log line. */
  route: string;
  /** Absent outside Lambda (tests, the local server): then nothing bounds the request. */
  lambdaContext?: RemainingTime | undefined;
}

/**
 * Runs a handler that may call the model in a model session of its own: its calls are recorded and one
 * line logs the request's LLM totals (calls, tokens, latency, failures) whether it succeeded or not. In
 * Lambda, the Lambda's remaining time less a margin is the request's deadline: the agent stops there, and
 * a generator call still running is aborted (the use case falls back offline), so a slow model cannot
 * time the function out into API Gateway's 500.
 */
export const withCookModelSession = <T>(
  deps: CookApiDeps,
  request: CookModelRequest,
  handle: (session: { cook: CookDeps; llm: LlmPort; deadline?: number }) => Promise<T>,
): Promise<T> => {
  const deadline = request.lambdaContext
    ? deadlineFromRemainingTime(request.lambdaContext, MODEL_DEADLINE_MARGIN_MS)
    : undefined;
  return withModelSession(
    deps.llm,
    {
      ...(deadline === undefined ? {} : { deadline }),
      logger: request.logger,
      logContext: { route: request.route },
    },
    (session) => {
      // The generators get the aborting port; the agent keeps the recording one: it watches the deadline
      // itself and answers with what it has.
      const cook = cookDepsForRequest(deps, {
        tenant: request.tenant,
        logger: request.logger,
        llm: session.llm,
      });
      return handle({ cook, llm: session.recordingLlm, ...(deadline === undefined ? {} : { deadline }) });
    },
  );
};
