import type { LlmPort } from "../../core/llm";
import type { Logger } from "../../core/logger";
import type { Clock } from "../domain/clock";
import type { PatchOpsGenerator } from "../domain/patch-ops-generator";
import type { PlanRepository } from "../domain/plan-repository";
import type { RecipeRepository } from "../domain/recipe-repository";
import type { CookDeps } from "../domain/use-cases/cook-deps";
import type { WarningsGenerator } from "../domain/warnings-generator";

/** One tenant's repositories. Built per request: each is bound to that tenant's keys. */
export interface CookRepositories {
  plans: PlanRepository;
  recipes: RecipeRepository;
}

/**
 * What the cook HTTP app needs, built once per container by the Lambda entry (functions/cook/api.ts) or by
 * a test. The generators are absent offline, so the domain's offline parser and rule-based warnings serve.
 */
export interface CookApiDeps {
  logger: Logger;
  repositoriesFor(tenant: string): CookRepositories;
  clock: Clock;
  newId: () => string;
  patchOpsGenerator?: PatchOpsGenerator;
  warningsGenerator?: WarningsGenerator;
  /** The model behind `POST /chat/kitchen` (an unavailable port offline). */
  llm: LlmPort;
  /** Overrides the default request body limit (tests). */
  maxBodyBytes?: number;
}

/** The cook use cases' deps for one request: the tenant's repositories and the request's logger. */
export const cookDepsForRequest = (deps: CookApiDeps, tenant: string, requestLogger: Logger): CookDeps => ({
  ...deps.repositoriesFor(tenant),
  clock: deps.clock,
  logger: requestLogger,
  newId: deps.newId,
  ...(deps.patchOpsGenerator ? { patchOpsGenerator: deps.patchOpsGenerator } : {}),
  ...(deps.warningsGenerator ? { warningsGenerator: deps.warningsGenerator } : {}),
});
