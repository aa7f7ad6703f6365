import {
  buildCartEventSchema,
  runKeysSchema,
  searchCandidatesEventSchema,
} from "../domain/runs/run-step-events";
import { buildCartStep } from "../domain/use-cases/build-cart-step";
import { scanCartStep } from "../domain/use-cases/scan-cart-step";
import { scoutSlotsStep } from "../domain/use-cases/scout-slots-step";
import { searchCandidatesStep } from "../domain/use-cases/search-candidates-step";
import {
  type ShopLogSources,
  type ShopStoreSources,
  type ShopTableSources,
  shopStep,
} from "./shop-step-sources";

/** BuildCart: recurring past-order items and, for a plan run, the plan's shopping list, into the cart. */
export const ShopBuildCart = /* @__PURE__ */ shopStep(
  "store",
  "BuildCart",
  buildCartEventSchema,
  (
    s: ShopStoreSources & ShopTableSources & ShopLogSources,
    { tenant, householdId, runId, planSnapshotId },
    context,
  ) =>
    buildCartStep(
      {
        runs: s.runsFor(tenant),
        // The cook area's use case on the tenant's data: loaded only for a plan run.
        plans: () => s.plansFor(tenant),
        withStore: (work) => s.withStore({ householdId, tenant }, context, work),
        logger: s.logger,
        now: s.now,
      },
      { runId, planSnapshotId },
    ),
);

/** ScanCart: the cart's unavailable lines as Map items, with their policies and the household's rules. */
export const ShopScanCart = /* @__PURE__ */ shopStep(
  "store",
  "ScanCart",
  runKeysSchema,
  (s: ShopStoreSources & ShopTableSources & ShopLogSources, keys, context) =>
    // The preferences are read first: the store session opens only for a run whose table answers.
    scanCartStep(
      {
        runs: s.runsFor(keys.tenant),
        choices: s.choicesFor(keys.tenant),
        logger: s.logger,
        store: { scanCart: () => s.withStore(keys, context, (store) => store.scanCart()) },
      },
      keys,
    ),
);

/**
 * Map item, step 2, once per query: one store search (the primary query first, then the fallbacks),
 * candidates merged; a Choice state loops here until 8 candidates or no query is left, and the last
 * visit takes the unavailable product itself out of the candidates.
 */
export const ShopSearchCandidates = /* @__PURE__ */ shopStep(
  "store",
  "SearchCandidates",
  searchCandidatesEventSchema,
  (s: ShopStoreSources, { householdId, item, policy, queries, search }, context) =>
    searchCandidatesStep(
      { withStore: (work) => s.withStore({ householdId }, context, work) },
      { item, policy, queries, search },
    ),
);

/** ScoutSlots: reads the delivery slots and recommends one. Never books a slot, never checks out. */
export const ShopScoutSlots = /* @__PURE__ */ shopStep(
  "store",
  "ScoutSlots",
  runKeysSchema,
  (s: ShopStoreSources & ShopTableSources, { tenant, runId, householdId }, context) =>
    scoutSlotsStep(
      { runs: s.runsFor(tenant), withStore: (work) => s.withStore({ householdId, tenant }, context, work) },
      { runId },
    ),
);

/**
 * The shop coordinator's store steps, by function id (lib/areas/shop.ts, the ASL's `…FnArn`): the state's
 * name, its Task input's schema, its use case on the household's store session (step-store.ts), bounded by
 * the step's store deadline. SearchCandidates alone needs no table (its Lambda bundles no DynamoDB client).
 */
export const SHOP_STORE_STEPS = { ShopBuildCart, ShopScanCart, ShopSearchCandidates, ShopScoutSlots };

export type ShopStoreStepId = keyof typeof SHOP_STORE_STEPS;
