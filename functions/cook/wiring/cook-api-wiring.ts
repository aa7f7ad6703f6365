import type { AppTable } from "../../core/db/app-table";
import type { EventsConfig } from "../../core/events/events-config";
import { lazyEventPublisher } from "../../core/events/lazy-event-publisher";
import { prefixedIdMaker } from "../../core/ids";
import { lazyLoad } from "../../core/lazy";
import { createLlm } from "../../core/llm/create-llm";
import type { LlmConfig } from "../../core/llm/llm-config";
import type { LlmPort } from "../../core/llm/llm-port";
import type { Logger } from "../../core/logger";
import { withRequestScope } from "../../core/request-scope";
import { createDynamoRecipeRepository } from "../adapters/dynamo-recipe-repository";
import { createDynamoSnapshotRepository } from "../adapters/dynamo-snapshot-repository";
import { systemClock } from "../adapters/system-clock";
import { systemRetryTiming } from "../adapters/system-retry-timing";
import type { Clock } from "../domain/ports/clock";
import type { CookDeps } from "../domain/ports/cook-deps";
import type { KitchenChatAgent } from "../domain/ports/kitchen-chat-agent";
import type { RecipeRepository } from "../domain/ports/recipe-repository";
import type { RetryTiming } from "../domain/ports/retry-timing";
import type { SnapshotRepository } from "../domain/ports/snapshot-repository";
import type { CookApiDeps } from "../http/cook-api-deps";
import { createCookApp } from "../http/create-cook-app";

/** A new snapshot id: letters, digits and "_" only, as SnapshotIdSchema wants (no ":" for variant ids). */
export const newSnapshotId: () => string = prefixedIdMaker("snap");

/** One tenant's repositories. Built per request: each is bound to that tenant's keys. */
export interface CookRepositories {
  plans: SnapshotRepository;
  recipes: RecipeRepository;
}

/** The LLM-backed generators of the cook domain, over one port. */
export type CookLlmGenerators = Required<
  Pick<CookDeps, "patchOpsGenerator" | "warningsGenerator" | "ingredientReader">
>;

/**
 * What the cook API is built from, once per container: the production adapters (createCookComponents)
 * or a test's fakes. `llmGenerators` is absent offline, so the domain's offline parser and rule-based
 * warnings serve.
 */
export interface CookComponents {
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
  /** The bus API-side events go to (absent: the local stack's bus, or logged and dropped). */
  events?: EventsConfig;
}

// Each LLM adapter (its prompt, output schema and the ingredient reader's unit tables) and the kitchen
// chat's agent is a chunk of its own, loaded by its first call and kept for the container's life.
const loadPatchOpsGenerator = lazyLoad(() => import("../adapters/llm-patch-ops-generator"));
const loadWarningsGenerator = lazyLoad(() => import("../adapters/llm-warnings-generator"));
const loadIngredientReader = lazyLoad(() => import("../adapters/llm-ingredient-reader"));
const loadKitchenChatAgent = lazyLoad(() => import("../adapters/kitchen-chat-agent"));

/**
 * The domain's LLM-backed generators over one port (a request's usage-recording wrapper). Each adapter
 * is loaded by its first call, so a cold start does not load them.
 */
export const createCookLlmGenerators = (llm: LlmPort): CookLlmGenerators => ({
  patchOpsGenerator: async (input) => (await loadPatchOpsGenerator()).createLlmPatchOpsGenerator(llm)(input),
  warningsGenerator: async (input) => (await loadWarningsGenerator()).createLlmWarningsGenerator(llm)(input),
  ingredientReader: async (lines) => (await loadIngredientReader()).createLlmIngredientReader(llm)(lines),
});

/** The kitchen chat's agent on the given model port, its adapter loaded by the first chat request. */
const lazyKitchenChatAgent =
  (llm: LlmPort): KitchenChatAgent =>
  async (request) =>
    (await loadKitchenChatAgent()).createKitchenChatAgent(llm)(request);

/**
 * The cook API's production components from its config: DynamoDB repositories bound per tenant, the
 * system clock and retry timing, and the LLM port. The LLM generators are wired only when a provider is
 * configured; offline the domain's rule-based parser and warnings serve instead of failing calls to an
 * unavailable model.
 */
export const createCookComponents = (options: {
  logger: Logger;
  table: AppTable;
  llmConfig: LlmConfig;
  events?: EventsConfig;
}): CookComponents => {
  const llm = createLlm(options.llmConfig);
  const online = options.llmConfig.provider !== "none";
  return {
    logger: options.logger,
    repositoriesFor: (tenant) => {
      const table = options.table.forTenant(tenant);
      return { plans: createDynamoSnapshotRepository(table), recipes: createDynamoRecipeRepository(table) };
    },
    clock: systemClock,
    retryTiming: systemRetryTiming,
    newId: newSnapshotId,
    llm,
    ...(options.events ? { events: options.events } : {}),
    ...(online ? { llmGenerators: createCookLlmGenerators } : {}),
  };
};

/** The cook use cases' deps for one request: the tenant's repositories, the request's logger and LLM port. */
const cookDepsFor = (
  components: CookComponents,
  request: { tenant: string; logger: Logger; llm: LlmPort },
): CookDeps => ({
  ...components.repositoriesFor(request.tenant),
  clock: components.clock,
  retryTiming: components.retryTiming,
  logger: request.logger,
  newId: components.newId,
  ...components.llmGenerators?.(request.llm),
});

/**
 * The HTTP app's deps from the components. A request that may call the model runs in the core request
 * scope on its model deadline: the generators and the kitchen chat's agent share its one port, which
 * records usage and aborts each call at the deadline (as `llm_timeout`, so the provider's breaker learns of
 * it); the agent also watches the deadline itself and answers with what it has.
 */
export const cookApiDeps = (components: CookComponents): CookApiDeps => ({
  logger: components.logger,
  events: lazyEventPublisher(components.events),
  ...(components.maxBodyBytes === undefined ? {} : { maxBodyBytes: components.maxBodyBytes }),
  cookDeps: (request) => cookDepsFor(components, { ...request, llm: components.llm }),
  inRequestScope: (request, use) =>
    withRequestScope(components.llm, request, (scope) =>
      use({
        cook: cookDepsFor(components, { tenant: scope.tenant, logger: scope.logger, llm: scope.llm }),
        kitchenChatAgent: lazyKitchenChatAgent(scope.llm),
        deadline: request.deadline,
      }),
    ),
});

/** The cook HTTP app on the given components: what the Lambda serves (cook-api-handler.ts) and tests call. */
export const createCookApi = (components: CookComponents) => createCookApp(cookApiDeps(components));
