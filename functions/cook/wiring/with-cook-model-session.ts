import type { LlmPort } from "../../core/llm/llm-port";
import { withModelSession } from "../../core/llm/model-session";
import type { Logger } from "../../core/logger";
import type { CookDeps } from "../domain/ports/cook-deps";
import type { CookApiDeps } from "../http/cook-api-deps";
import { cookDepsForRequest } from "./cook-deps-for-request";

/** What one request that may call the model brings: its tenant, logger, route and model deadline. */
export interface CookModelRequest {
  tenant: string;
  logger: Logger;
  /** `METHOD /route/{param}`, for the request's one LLM totals log line. */
  route: string;
  /**
   * The request's model deadline (epoch ms): `c.get("modelDeadline")`, core's apiModelDeadline (API
   * Gateway's 30 s from arrival, or the Lambda's remaining time if less, less the offline reserve).
   */
  deadline: number;
}

/**
 * Runs a handler that may call the model in a model session of its own: its calls are recorded and one
 * line logs the request's LLM totals (calls, tokens, latency, failures) whether it succeeded or not. Every
 * model call, the kitchen chat agent's turns included, is bounded by the request's model deadline (the
 * SDK's retries too): a call that cannot finish fails as LlmUnavailable (`llm_timeout`, which opens the
 * provider's breaker), and the use case answers from its offline path within the reserve core keeps after
 * that deadline. A slow or hanging model therefore never holds a request past API Gateway's 30 s.
 */
export const withCookModelSession = <T>(
  deps: CookApiDeps,
  request: CookModelRequest,
  handle: (session: { cook: CookDeps; llm: LlmPort; deadline: number }) => Promise<T>,
): Promise<T> =>
  withModelSession(
    deps.llm,
    { deadline: request.deadline, logger: request.logger, logContext: { route: request.route } },
    (session) => {
      // One port for the generators and the agent alike: the agent also watches the deadline itself (and
      // answers with what it has), but its turn is aborted there as a timeout, so the breaker learns of it.
      const cook = cookDepsForRequest(deps, {
        tenant: request.tenant,
        logger: request.logger,
        llm: session.llm,
      });
      return handle({ cook, llm: session.llm, deadline: request.deadline });
    },
  );
