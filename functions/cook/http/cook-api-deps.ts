import type { EventPublisher } from "../../core/events/event-publisher-port";
import type { ApiRequestScopeInput } from "../../core/http/request-scope-input";
import type { Logger } from "../../core/logger";
import type { CookDeps } from "../domain/ports/cook-deps";
import type { KitchenChatAgent } from "../domain/ports/kitchen-chat-agent";

/** What a handler that may call the model works with, inside the request's scope. */
export interface CookModelScope {
  /** The use cases' deps, their LLM generators (when online) on the request's model session. */
  cook: CookDeps;
  /** The kitchen chat's agent on the same session (loaded with the first chat request). */
  kitchenChatAgent: KitchenChatAgent;
  deadline: number;
}

/**
 * What the cook HTTP app needs, built once per container by the cook wiring (wiring/cook-api-wiring.ts)
 * or by a test: the routes validate, ask these for a request's deps and call one use case.
 */
export interface CookApiDeps {
  logger: Logger;
  /** The use cases' deps for a request that does not open a model session of its own. */
  cookDeps(request: { tenant: string; logger: Logger }): CookDeps;
  /**
   * Runs `use` in the request's scope (core/request-scope.ts): every model call is recorded, one line logs
   * the request's LLM totals, and each call is bounded by the request's model deadline, so a slow model
   * fails as `llm_timeout` and the use case answers from its offline path within API Gateway's 30 s.
   */
  inRequestScope<T>(request: ApiRequestScopeInput, use: (scope: CookModelScope) => Promise<T>): Promise<T>;
  /** Where API-side outcomes are announced (`cook.variant.created`); nowhere when absent (tests). */
  events?: EventPublisher;
  /** Overrides the default request body limit (tests). */
  maxBodyBytes?: number;
}
