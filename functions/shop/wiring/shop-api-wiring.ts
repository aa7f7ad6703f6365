import type { OpenAPIHono } from "@hono/zod-openapi";
import { requireClientCursorKey } from "../../core/db/cursor-key";
import { lazyEventPublisher } from "../../core/events/lazy-event-publisher";
import type { ApiEnv } from "../../core/http/api-env";
import { toLambdaHandler } from "../../core/http/lambda-handler";
import { prefixedIdMaker } from "../../core/ids";
import { lazyLoad, lazyPort } from "../../core/lazy";
import { createLazyLlm } from "../../core/llm/lazy-llm";
import type { Logger } from "../../core/logger";
import { createObservability } from "../../core/observability";
import type { WorkflowPort } from "../../core/workflow/workflow-port";
import type { PlanShoppingListPort } from "../domain/ports/plan-shopping-list-port";
import type { WeeklyRunIndex } from "../domain/ports/weekly-run-index";
import type { ShopApiDeps } from "../http/shop-api-deps";
import { shopConfig } from "./shop-config";
import { shopModelScope } from "./shop-request-scopes";
import { shopTable } from "./shop-table";
import { STORE_ACCOUNT_VAULT_METHODS, storeAccountVaultFor } from "./store-account";
import { shopStoreSessions } from "./store-sessions";

// Parsed at cold start: a missing TABLE_NAME, STORE_URL (in Lambda) or LLM key fails here, with its name.
const config = { llm: shopConfig.llm(), store: shopConfig.store(), events: shopConfig.events() };
// Its lists page to clients: deployed, the cursor key is the stack's secret (fails here without it).
requireClientCursorKey(shopConfig.table());
const table = shopTable();

/**
 * Loaded on first use (with the Step Functions client): only starting and reading a run call a workflow.
 * Resolved per call: the local stack installs its runner after the handlers are imported.
 */
const workflowModule = lazyLoad(() => import("../../core/workflow/process-workflow-port"));
const workflows: Pick<WorkflowPort, "start" | "describe"> = {
  start: async (name, input, options) =>
    (await workflowModule()).processWorkflowPort().start(name, input, options),
  describe: async (executionId) => (await workflowModule()).processWorkflowPort().describe(executionId),
};

const events = lazyEventPublisher(config.events);

/** The weekly-run index, loaded on first use: only PUT /shop/preferences writes it. */
const weeklyRuns = lazyPort<WeeklyRunIndex>(
  async () => (await import("../adapters/dynamo-weekly-run-index")).createDynamoWeeklyRunIndex(table),
  ["put", "remove", "tenantsDue"],
);

/** The cook area's plans, loaded on first use: only a run with a meal plan reads them. */
const cookPlans = lazyLoad(() => import("./cook-plan-shopping-list"));
const plansFor = (tenant: string): Pick<PlanShoppingListPort, "snapshotExists"> => ({
  snapshotExists: async (snapshotId) =>
    (await cookPlans()).createCookPlanShoppingList(table.forTenant(tenant)).snapshotExists(snapshotId),
});

/** ShopApi's dependencies, built once per container (the app itself is built on the first request). */
const shopApiDeps = async (logger: Logger): Promise<ShopApiDeps> => {
  const { createDynamoShopRunRepository } = await import("../adapters/dynamo-shop-run-repository");
  const { createTableStoreAccountAttempts } = await import("../adapters/table-store-account-attempts");
  const { createDynamoSubstitutionChoices } = await import("../adapters/dynamo-substitution-choices");
  return {
    logger,
    runsFor: (tenant) => createDynamoShopRunRepository(table.forTenant(tenant)),
    choicesFor: (tenant) => createDynamoSubstitutionChoices(table.forTenant(tenant)),
    workflows,
    // Only decisions drive the store, and they are the rare request; bounded by the request's deadline.
    storeSessions: shopStoreSessions(config.store),
    storeAccountFor: (tenant) => lazyPort(() => storeAccountVaultFor(tenant), STORE_ACCOUNT_VAULT_METHODS),
    storeAccountAttemptsFor: (tenant) => createTableStoreAccountAttempts(table.forTenant(tenant)),
    plansFor,
    weeklyRuns,
    // Only the substitution routes call a model.
    inRequestScope: shopModelScope(createLazyLlm(config.llm)),
    events,
    newRunId: prefixedIdMaker("run"),
    now: () => new Date(),
  };
};

/** ShopApi: its dependencies built here, then the http app over them (on the first request, not at init). */
export const createShopApi = async (logger: Logger): Promise<OpenAPIHono<ApiEnv>> => {
  const [{ createShopApp }, deps] = await Promise.all([
    import("../http/create-shop-app"),
    shopApiDeps(logger),
  ]);
  return createShopApp(deps);
};

/** The ShopApi Lambda handler: observability at cold start, the app (createShopApi) on the first request. */
export const createShopApiHandler = async () => {
  const observability = await createObservability("shop");
  const { logger } = observability;
  return toLambdaHandler(() => createShopApi(logger), logger, observability);
};
