import type { z } from "zod";
import type { RemainingTime } from "../../core/llm/model-deadline";
import type { Logger } from "../../core/logger";
import type { RequestScope } from "../../core/request-scope";
import { parseOrThrow } from "../../core/validation";
import type { WorkflowPort } from "../../core/workflow/workflow-port";
import type { PlanShoppingListPort } from "../domain/ports/plan-shopping-list-port";
import type { ShopRunRepository } from "../domain/ports/shop-run-repository";
import type { StorePort } from "../domain/ports/store-port";
import type { SubstitutionChoiceRepository } from "../domain/ports/substitution-choice-repository";
import type { WeeklyRunIndex } from "../domain/ports/weekly-run-index";
import type { RunUsage } from "../domain/runs/shop-run";

/**
 * What a shop step's use case is built from, in groups: each entry passes the groups its step needs (the
 * step tables type them), from the wiring modules that build them (step-table.ts, step-scope.ts,
 * step-store.ts, step-workflows.ts, step-logger.ts), so each Lambda bundles and parses at cold start only what it uses.
 */
export interface ShopClock {
  now: () => Date;
}

/** The coordinator's logger (step-logger.ts), for the steps that log. */
export interface ShopLogSources {
  logger: Logger;
}

/** The tenant's table (TABLE_NAME, parsed at cold start by step-table.ts). */
export interface ShopTableSources extends ShopClock {
  runsFor(tenant: string): ShopRunRepository;
  choicesFor(tenant: string): SubstitutionChoiceRepository;
  /** The cook area's shopping lists of the tenant, loaded only for a run with a plan. */
  plansFor(tenant: string): Promise<PlanShoppingListPort>;
}

/** A model step's scope: the core request scope, and what the step's model calls cost, for the run's record. */
export interface StepScope extends RequestScope {
  runUsage(): RunUsage;
}

export interface ModelStepOptions {
  name: string;
  /** RankCandidates' and GenerateReasons' events carry no tenant (the ASL hands them the item only). */
  tenant?: string;
  /** Epoch ms the step's model window ends (ITEM_MODEL_WINDOW_MS, PRUNE_MODEL_WINDOW_MS), if earlier. */
  windowEndsAt?: number | undefined;
}

/** The model (the LLM provider, parsed at cold start by step-scope.ts). */
export interface ShopModelSources extends ShopClock, ShopLogSources {
  inRequestScope<T>(
    context: RemainingTime,
    step: ModelStepOptions,
    use: (scope: StepScope) => Promise<T>,
  ): Promise<T>;
}

/** The household's store session (STORE_URL, parsed at cold start by step-store.ts). */
export interface ShopStoreSources {
  withStore<T>(
    household: { householdId: string; tenant?: string },
    context: RemainingTime,
    work: (store: StorePort) => Promise<T>,
  ): Promise<T>;
}

/** What the weekly tick starts runs with (step-workflows.ts). */
export interface ShopWorkflowSources {
  weeklyRuns(): WeeklyRunIndex;
  workflows(): WorkflowPort;
  newRunId(): string;
}

/** What runs a shop step's inside: only the table, a model step's scope, or a store session. */
export type ShopStepScopeKind = "table" | "model" | "store";

/** A Lambda Task of a shop workflow, as its entry exports it. */
export type ShopStepHandler<R> = (event: unknown, context: RemainingTime) => Promise<R>;

/**
 * One row of a shop step table: the state's name (in logs and in the refusal of a malformed event), its
 * Task input's schema, its scope kind and the use case over the sources it needs. `handlerFor` is the
 * Lambda handler its entry exports: the event parsed (a ValidationError naming the field, before any I/O),
 * then the use case.
 */
export const shopStep = <S, E, R>(
  scope: ShopStepScopeKind,
  name: string,
  schema: z.ZodType<E>,
  run: (sources: S, event: E, context: RemainingTime) => Promise<R>,
) => ({
  scope,
  name,
  schema,
  run,
  handlerFor:
    (sources: S): ShopStepHandler<R> =>
    async (event, context) =>
      run(sources, parseOrThrow(schema, event, `${name} event`), context),
});
