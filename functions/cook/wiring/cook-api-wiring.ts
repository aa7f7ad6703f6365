import type { AppTable } from "../../core/db/app-table";
import { prefixedIdMaker } from "../../core/ids";
import { lazyLoad } from "../../core/lazy";
import { createLlm } from "../../core/llm/create-llm";
import type { LlmConfig } from "../../core/llm/llm-config";
import type { LlmPort } from "../../core/llm/llm-port";
import type { Logger } from "../../core/logger";
import { createDynamoPlanRepository } from "../adapters/dynamo-plan-repository";
import { createDynamoRecipeRepository } from "../adapters/dynamo-recipe-repository";
import { systemClock } from "../adapters/system-clock";
import { systemRetryTiming } from "../adapters/system-retry-timing";
import type { CookApiDeps, CookLlmGenerators } from "../http/cook-api-deps";

/** A new snapshot id: letters, digits and "_" only, as SnapshotIdSchema wants (no ":" for variant ids). */
export const newSnapshotId: () => string = prefixedIdMaker("snap");

// Each LLM adapter (its prompt, output schema and the ingredient reader's unit tables) is a chunk of its
// own, loaded by its first call and kept for the container's life.
const loadPatchOpsGenerator = lazyLoad(() => import("../adapters/llm-patch-ops-generator"));
const loadWarningsGenerator = lazyLoad(() => import("../adapters/llm-warnings-generator"));
const loadIngredientReader = lazyLoad(() => import("../adapters/llm-ingredient-reader"));

/**
 * The domain's LLM-backed generators over one port (a request's usage-recording wrapper). Each adapter
 * (its prompt, output schema and the ingredient reader's unit tables) is a chunk of its own, loaded by
 * its first call, so a cold start does not load them.
 */
export const createCookLlmGenerators = (llm: LlmPort): CookLlmGenerators => ({
  patchOpsGenerator: async (input) => (await loadPatchOpsGenerator()).createLlmPatchOpsGenerator(llm)(input),
  warningsGenerator: async (input) => (await loadWarningsGenerator()).createLlmWarningsGenerator(llm)(input),
  ingredientReader: async (lines) => (await loadIngredientReader()).createLlmIngredientReader(llm)(lines),
});

/**
 * The cook API's production deps from its config: DynamoDB repositories bound per tenant, the system
 * clock and retry timing, and the LLM port. The LLM generators are wired only when a provider is configured; offline the
 * domain's rule-based parser and warnings serve instead of failing calls to an unavailable model.
 */
export const createCookApiDeps = (options: {
  logger: Logger;
  table: AppTable;
  llmConfig: LlmConfig;
}): CookApiDeps => {
  const llm = createLlm(options.llmConfig);
  const online = options.llmConfig.provider !== "none";
  return {
    logger: options.logger,
    repositoriesFor: (tenant) => {
      const table = options.table.forTenant(tenant);
      return { plans: createDynamoPlanRepository(table), recipes: createDynamoRecipeRepository(table) };
    },
    clock: systemClock,
    retryTiming: systemRetryTiming,
    newId: newSnapshotId,
    llm,
    ...(online ? { llmGenerators: createCookLlmGenerators } : {}),
  };
};
