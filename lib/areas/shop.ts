import type { ShopApiDeps } from "../../functions/shop/http/shop-api-deps";
import type { ShopModelStepId } from "../../functions/shop/wiring/shop-model-steps";
import type { ShopStoreStepId } from "../../functions/shop/wiring/shop-store-steps";
import type { ShopTableStepId } from "../../functions/shop/wiring/shop-table-steps";
import type { AreaDefinition, FunctionDefinition } from "../definition-types";
import { describedApp } from "../described-app";

/**
 * A store step's timeout. A page takes well under a second; a paged search reads up to 10 pages, each wait
 * bounded by 15 s and by the time this timeout leaves (less a margin), so a slow store is a
 * StoreDeadlineExceededError, never a Lambda timeout.
 */
const storeToolTimeoutSeconds = 60;
/** Chromium's floor (lib/constructs/store-bundling.ts); 2 GB also buys the CPU share page loads need. */
const storeToolMemoryMb = 2048;

/** A step's function id: a key of the step tables its entry reads (functions/shop/wiring/shop-*-steps.ts). */
type ShopStepId = ShopTableStepId | ShopModelStepId | ShopStoreStepId;

/**
 * The grocery coordinator's steps (statemachines/shop-coordinator.asl.json), one Lambda each; each entry
 * imports only what it uses: the store steps Chromium, the LLM steps a model, the record steps the table.
 */
const coordinatorStep = (
  id: ShopStepId,
  file: string,
  description: string,
  needs: FunctionDefinition["needs"],
): FunctionDefinition => ({
  id,
  entry: `functions/shop/entries/${file}`,
  handler: "handler",
  description,
  needs,
  ...(needs.includes("store")
    ? { timeoutSeconds: storeToolTimeoutSeconds, memoryMb: storeToolMemoryMb }
    : { timeoutSeconds: needs.includes("llm") ? 90 : 20 }),
});

export const shopCoordinatorFunctions: FunctionDefinition[] = [
  coordinatorStep(
    "ShopBuildCart",
    "build-cart-step.ts",
    "Coordinator: merge recurring past-order items and a meal plan's shopping list into the cart",
    ["store", "table", "store-account"],
  ),
  coordinatorStep(
    "ShopScanCart",
    "scan-cart-step.ts",
    "Coordinator: the cart's unavailable items, with policies",
    ["store", "table", "store-account"],
  ),
  coordinatorStep(
    "ShopGenerateQueries",
    "generate-queries-step.ts",
    "Substitution: search queries for one item (LLM, heuristic fallback)",
    ["llm"],
  ),
  coordinatorStep(
    "ShopSearchCandidates",
    "search-candidates-step.ts",
    "Substitution: one store search for one item (the item itself dropped from the last)",
    ["store"],
  ),
  coordinatorStep(
    "ShopRankCandidates",
    "rank-candidates-step.ts",
    "Substitution: value ranking (LLM, heuristic fallback) and household rules",
    ["llm"],
  ),
  coordinatorStep(
    "ShopGenerateReasons",
    "generate-reasons-step.ts",
    "Substitution: short reasons for the ranked candidates (LLM, the ranking's reasons as fallback)",
    ["llm"],
  ),
  coordinatorStep(
    "ShopRecordItem",
    "record-item-step.ts",
    "Substitution: the item's recommendation, saved to the run",
    ["table"],
  ),
  coordinatorStep(
    "ShopRecordItemFailure",
    "record-item-failure-step.ts",
    "Substitution: an item that failed, saved to the run",
    ["table"],
  ),
  coordinatorStep(
    "ShopPruneStock",
    "prune-stock-step.ts",
    "Coordinator: lines the household probably still has (LLM, cadence fallback), on the run's cart and orders",
    ["llm", "table"],
  ),
  coordinatorStep(
    "ShopScoutSlots",
    "scout-slots-step.ts",
    "Coordinator: recommend a delivery slot (never books)",
    ["store", "table", "store-account"],
  ),
  coordinatorStep("ShopSaveRun", "save-run-step.ts", "Coordinator: the run's result, saved", ["table"]),
  {
    id: "ShopStartWeeklyRuns" satisfies ShopStepId,
    entry: "functions/shop/entries/start-weekly-runs-step.ts",
    handler: "handler",
    description: "Weekly schedule: start the coordinator for the households due this hour",
    needs: ["table", "workflows"],
    // Starts one run after another (a few writes and a StartExecution each, about 0.1 s): room for
    // about a thousand households in one hour of the week.
    timeoutSeconds: 120,
  },
  coordinatorStep("ShopMarkRunFailed", "mark-run-failed-step.ts", "Coordinator: a run that failed, saved", [
    "table",
  ]),
];

/**
 * The shop area (seed 000): the grocery coordinator (statemachines/shop-coordinator.asl.json), one Lambda per
 * step, and ShopApi (runs, decisions, the substitution steps on their own, preferences). The Lambdas that
 * need the store drive the Auchan.pt store tools in-process (functions/shop/adapters/store): Chromium, one
 * browser per container, with a fresh context per household.
 */
export const shopArea: AreaDefinition = {
  area: "shop",
  describeApi: () =>
    describedApp<ShopApiDeps>(
      "shop",
      async () => (await import("../../functions/shop/http/create-shop-app")).createShopApp,
      { maxBodyBytes: undefined },
    ),
  functions: [
    ...shopCoordinatorFunctions,
    {
      id: "ShopApi",
      entry: "functions/shop/entries/shop-api.ts",
      handler: "handler",
      description: "Coordinator runs, decisions, the substitution steps on their own, preferences",
      needs: ["table", "llm", "workflows", "store", "store-account-admin", "events", "cursors"],
      // API Gateway answers 503 after 30 s; decisions drive the store, so Chromium's memory floor.
      timeoutSeconds: 29,
      memoryMb: storeToolMemoryMb,
    },
  ],
  routes: [
    { route: "POST /shop/runs", functionId: "ShopApi" },
    { route: "GET /shop/runs", functionId: "ShopApi" },
    { route: "GET /shop/runs/{runId}", functionId: "ShopApi" },
    { route: "POST /shop/runs/{runId}/decisions", functionId: "ShopApi" },
    { route: "POST /shop/substitutes/queries", functionId: "ShopApi" },
    { route: "POST /shop/substitutes/rank", functionId: "ShopApi" },
    { route: "GET /shop/preferences", functionId: "ShopApi" },
    { route: "PUT /shop/preferences", functionId: "ShopApi" },
    { route: "GET /shop/store-account", functionId: "ShopApi" },
    { route: "PUT /shop/store-account", functionId: "ShopApi" },
    { route: "DELETE /shop/store-account", functionId: "ShopApi" },
    { route: "GET /shop/substitution-choices", functionId: "ShopApi" },
    { route: "DELETE /shop/substitution-choices/{originalProductId}", functionId: "ShopApi" },
  ],
  workflows: [
    {
      name: "shop-coordinator",
      file: "statemachines/shop-coordinator.asl.json",
      functionSubstitutions: {
        ShopBuildCartFnArn: "ShopBuildCart",
        ShopScanCartFnArn: "ShopScanCart",
        ShopGenerateQueriesFnArn: "ShopGenerateQueries",
        ShopSearchCandidatesFnArn: "ShopSearchCandidates",
        ShopRankCandidatesFnArn: "ShopRankCandidates",
        ShopGenerateReasonsFnArn: "ShopGenerateReasons",
        ShopRecordItemFnArn: "ShopRecordItem",
        ShopRecordItemFailureFnArn: "ShopRecordItemFailure",
        ShopPruneStockFnArn: "ShopPruneStock",
        ShopScoutSlotsFnArn: "ShopScoutSlots",
        ShopSaveRunFnArn: "ShopSaveRun",
        ShopMarkRunFailedFnArn: "ShopMarkRunFailed",
      },
      timeoutSeconds: 1800,
    },
    {
      name: "shop-weekly-runs",
      file: "statemachines/shop-weekly-runs.asl.json",
      functionSubstitutions: { ShopStartWeeklyRunsFnArn: "ShopStartWeeklyRuns" },
      timeoutSeconds: 300,
    },
  ],
  /**
   * One hourly tick for every household's weekly run (PUT /shop/preferences `weeklyRun`), not one schedule
   * per household: nothing to create, update or delete in EventBridge when a household changes its mind,
   * and the tick reads only the index partition of the hour that is due.
   */
  schedules: [
    {
      name: "shop-weekly-runs",
      expression: "cron(0 * * * ? *)",
      description: "Hourly: start the weekly grocery coordinator runs due this hour",
      target: { workflow: "shop-weekly-runs", input: {} },
    },
  ],
};
