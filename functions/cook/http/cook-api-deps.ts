import type { LlmPort } from "../../core/llm";
import type { Logger } from "../../core/logger";
import type { Clock } from "../domain/ports/clock";
import type { CookDeps } from "../domain/ports/cook-deps";
import type { PlanRepository } from "../domain/ports/plan-repository";
import type { RecipeRepository } from "../domain/ports/recipe-repository";
import type { RetryTiming } from "../domain/ports/retry-timing";

/** One tenant's repositories. Built per request: each is bound to that tenant's keys. */
export interface CookRepositories {
  plans: PlanRepository;
  recipes: RecipeRepository;
}

/** The LLM-backed generators of the cook domain, over one port. */
export type CookLlmGenerators = Required<
  Pick<CookDeps, "patchOpsGenerator" | "warningsGenerator" | "ingredientReader">
>;

/**
 * What the cook HTTP app needs, built once per container by the Lambda entry (functions/cook/entries/api.ts) or by
 * a test. `llmGenerators` is absent offline, so the domain's offline parser and rule-based warnings serve.
 */
export interface CookApiDeps {
  logger: Logger;
  repositoriesFor(tenant: string): CookRepositories;
  clock: Clock;
  /** The pauses between optimistic-lock retries of a meal edit. */
  retryTiming: RetryTiming;
  newId: () => string;
  /** The container's model port: behind `POST /chat/kitchen` and the generators (unavailable offline). */
  llm: LlmPort;
  /**
   * Builds the generators over the port it is given: each request passes its own usage-recording wrapper
   * of `llm`, so one log line can total the request's LLM calls.
   */
  llmGenerators?: (llm: LlmPort) => CookLlmGenerators;
  /** Overrides the default request body limit (tests). */
  maxBodyBytes?: number;
}
