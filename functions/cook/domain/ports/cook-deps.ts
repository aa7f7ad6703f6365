import type { LoggerPort } from "../../../core/logger-port";
import type { Clock } from "./clock";
import type { IngredientLineLlmReader } from "./ingredient-line-llm-reader";
import type { PatchOpsGenerator } from "./patch-ops-generator";
import type { RecipeRepository } from "./recipe-repository";
import type { RetryTiming } from "./retry-timing";
import type { SnapshotRepository } from "./snapshot-repository";
import type { WarningsGenerator } from "./warnings-generator";

/**
 * Everything the cook use cases need from outside, as ports. Each use case takes the subset it uses, so
 * a test passes only the fakes that matter.
 */
export interface CookDeps {
  plans: SnapshotRepository;
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
