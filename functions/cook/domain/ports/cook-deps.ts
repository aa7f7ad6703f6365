import type { LoggerPort } from "../../../core/logger-port";
import type { Clock } from "./clock";
import type { IngredientLineLlmReader } from "./ingredient-line-llm-reader";
import type { PatchOpsGenerator } from "./patch-ops-generator";
import type { PlanRepository } from "./plan-repository";
import type { RecipeRepository } from "./recipe-repository";
import type { RetryTiming } from "./retry-timing";
import type { WarningsGenerator } from "./warnings-generator";

/**
 * Everything the cook use cases need from outside, as ports. Each use case takes the subset it uses, so
 * a test passes only the fakes that matter.
 */
export interface CookDeps {
  plans: PlanRepository;
  recipes: RecipeRepository;
  clock: Clock;
  logger: LoggerPort;
  /** The pauses between optimistic-lock retries (random and sleep). */
  retryTiming: RetryTiming;
  /** New snapshot ids (the API adapter passes a random one). */
  newId: () => string;
  /** The LLM patch generator; absent offline, where the rule-based parser serves. */
  patchOpsGenerator?: PatchOpsGenerator;
  /** The LLM warnings generator; absent offline, where the rule-based warnings serve. */
  warningsGenerator?: WarningsGenerator;
  /** Reads the ingredient lines the rules could not; absent offline, where the rules stand alone. */
  ingredientReader?: IngredientLineLlmReader;
}

/** How many times a meal edit re-reads, re-merges and re-applies after losing a race before it is a 409. */
export const MAX_SAVE_ATTEMPTS = 4;

/**
 * The pause before retry n is a random time below min(RETRY_PAUSE_MAX_MS, RETRY_PAUSE_BASE_MS × 2^(n-1))
 * ("full jitter"): writers that lost the same race spread out instead of re-reading together and colliding
 * again. Bounded: at most 50 + 100 + 200 ms over a request's three retries. Measured on the local stack,
 * ten rounds of eight simultaneous edits of one meal: 19-21 of the 80 answered 409 with no pause, 4-7 with
 * a 25 ms base, 0-1 with this one.
 */
export const RETRY_PAUSE_BASE_MS = 50;
export const RETRY_PAUSE_MAX_MS = 200;
