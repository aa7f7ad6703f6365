import type { LlmPort } from "../../core/llm";
import type { Logger } from "../../core/logger";
import type { CookDeps } from "../domain/ports/cook-deps";
import type { CookApiDeps } from "../http/cook-api-deps";

/** The cook use cases' deps for one request: the tenant's repositories, the request's logger and LLM port. */
export const cookDepsForRequest = (
  deps: CookApiDeps,
  request: { tenant: string; logger: Logger; llm: LlmPort },
): CookDeps => ({
  ...deps.repositoriesFor(request.tenant),
  clock: deps.clock,
  retryTiming: deps.retryTiming,
  logger: request.logger,
  newId: deps.newId,
  ...deps.llmGenerators?.(request.llm),
});
