import {
  markRunFailedEventSchema,
  recordItemEventSchema,
  recordItemFailureEventSchema,
  saveRunEventSchema,
} from "../domain/runs/run-step-events";
import { markRunFailedStep } from "../domain/use-cases/mark-run-failed-step";
import { recordItemFailureStep } from "../domain/use-cases/record-item-failure-step";
import { recordItemStep } from "../domain/use-cases/record-item-step";
import { saveRunStep } from "../domain/use-cases/save-run-step";
import { startWeeklyRunsEventSchema, startWeeklyRunsStep } from "../domain/use-cases/start-weekly-runs-step";
import {
  type ShopLogSources,
  type ShopTableSources,
  type ShopWorkflowSources,
  shopStep,
} from "./shop-step-sources";

/** shop-coordinator, Map item, last step: the item's recommendation, written to the run; a small summary back. */
export const ShopRecordItem = /* @__PURE__ */ shopStep(
  "table",
  "RecordItem",
  recordItemEventSchema,
  (s: ShopTableSources, event) => {
    const { tenant, ...args } = event;
    return recordItemStep({ runs: s.runsFor(tenant) }, args);
  },
);

/** shop-coordinator, Map item, Catch: the item recorded as failed with its reason; the run goes on. */
export const ShopRecordItemFailure = /* @__PURE__ */ shopStep(
  "table",
  "RecordItemFailure",
  recordItemFailureEventSchema,
  (s: ShopTableSources & ShopLogSources, { tenant, ...args }) =>
    recordItemFailureStep({ runs: s.runsFor(tenant), logger: s.logger }, args),
);

/** shop-coordinator, SaveRun: the run's result, saved; the run succeeded. */
export const ShopSaveRun = /* @__PURE__ */ shopStep(
  "table",
  "SaveRun",
  saveRunEventSchema,
  (s: ShopTableSources & ShopLogSources, { tenant, ...args }) =>
    saveRunStep({ runs: s.runsFor(tenant), now: s.now, logger: s.logger }, args),
);

/**
 * shop-coordinator, a run-level step failed for good (the cart could not be read, a store error in
 * ScoutSlots): the run recorded as failed, with what was done until then.
 */
export const ShopMarkRunFailed = /* @__PURE__ */ shopStep(
  "table",
  "MarkRunFailed",
  markRunFailedEventSchema,
  (s: ShopTableSources, { tenant, runId, failure, prune, slots }) =>
    markRunFailedStep(
      { runs: s.runsFor(tenant), now: s.now },
      { runId, failure, ...(prune ? { prune } : {}), ...(slots ? { slots } : {}) },
    ),
);

/**
 * shop-weekly-runs, StartWeeklyRuns: the hourly tick of the weekly schedule (EventBridge Scheduler). Starts
 * the coordinator for the tenants whose weekly run is due in the hour the execution started in.
 */
export const ShopStartWeeklyRuns = /* @__PURE__ */ shopStep(
  "table",
  "StartWeeklyRuns",
  startWeeklyRunsEventSchema,
  (s: ShopTableSources & ShopWorkflowSources & ShopLogSources, { firedAt }) =>
    startWeeklyRunsStep(
      {
        runsFor: s.runsFor,
        weeklyRuns: s.weeklyRuns(),
        workflows: s.workflows(),
        newRunId: s.newRunId,
        now: s.now,
        logger: s.logger,
      },
      new Date(firedAt),
    ),
);

/**
 * The shop workflows' steps that only read and write the tenant's table, by function id (lib/areas/shop.ts,
 * the ASL's `…FnArn`): the state's name, its Task input's schema, its use case over the sources it needs.
 * A module apart from the model and store steps', so their Lambdas bundle no model, prompt or page code.
 */
export const SHOP_TABLE_STEPS = {
  ShopRecordItem,
  ShopRecordItemFailure,
  ShopSaveRun,
  ShopMarkRunFailed,
  ShopStartWeeklyRuns,
};

export type ShopTableStepId = keyof typeof SHOP_TABLE_STEPS;
