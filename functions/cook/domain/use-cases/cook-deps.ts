import type { Clock } from "../clock";
import type { CookLogger } from "../cook-logger";
import type { PatchOpsGenerator } from "../patch-ops-generator";
import type { PlanRepository } from "../plan-repository";
import type { RecipeRepository } from "../recipe-repository";
import type { WarningsGenerator } from "../warnings-generator";

/**
 * Everything the cook use cases need from outside, as ports. Each use case takes the subset it uses, so
 * a test passes only the fakes that matter.
 */
export interface CookDeps {
  plans: PlanRepository;
  recipes: RecipeRepository;
  clock: Clock;
  logger: CookLogger;
  /** New snapshot ids (the API adapter passes a random one). */
  newId: () => string;
  /** The LLM patch generator; absent offline, where the rule-based parser serves. */
  patchOpsGenerator?: PatchOpsGenerator;
  /** The LLM warnings generator; absent offline, where the rule-based warnings serve. */
  warningsGenerator?: WarningsGenerator;
}

/** How many times a meal edit re-reads, re-merges and re-applies after losing a race before it is a 409. */
export const MAX_SAVE_ATTEMPTS = 4;
