import { z } from "zod";
import type { LoggerPort } from "../../../core/logger-port";
import { householdForTenant } from "../household-for-tenant";
import type { ShopRunRepository } from "../ports/shop-run-repository";
import type { WeeklyRunIndex } from "../ports/weekly-run-index";
import { runOptionsSchema } from "../runs/shop-run";
import { sameSlot, slotAt, type WeeklySlot, weeklyRunIdempotencyKey } from "../runs/weekly-slot";
import { type StartRunWorkflowDeps, startRunWorkflow } from "./start-run-workflow";

/** What statemachines/shop-weekly-runs.asl.json passes: the execution's start time (`$$.Execution.StartTime`). */
export const startWeeklyRunsEventSchema = z.object({ firedAt: z.iso.datetime({ offset: true }) });

export interface StartWeeklyRunsDeps extends Omit<StartRunWorkflowDeps, "runs"> {
  runsFor(tenant: string): ShopRunRepository;
  weeklyRuns: WeeklyRunIndex;
  logger: LoggerPort;
}

export interface WeeklyRunsOutcome {
  slot: WeeklySlot;
  week: string;
  /** Tenants whose run this tick started. */
  started: string[];
  /** Tenants whose run of this week had started already (a repeated tick): the same run, not another. */
  alreadyStarted: string[];
  /** Index entries the tenant's preferences no longer ask for: dropped. */
  stale: string[];
  /** Tenants whose run could not start, with why; the others went on. */
  failed: { tenant: string; error: string }[];
}

/**
 * The hourly tick: starts the coordinator for every tenant whose weekly run falls in the hour `firedAt`
 * is in (UTC). Each start carries the key `weekly-{ISO week}`, so a tick that fires twice, or is retried,
 * starts one run per tenant and week. The index is only a hint: each tenant's preferences are re-read.
 */
export const startWeeklyRunsStep = async (
  deps: StartWeeklyRunsDeps,
  firedAt: Date,
): Promise<WeeklyRunsOutcome> => {
  const slot = slotAt(firedAt);
  const key = weeklyRunIdempotencyKey(firedAt);
  const outcome: WeeklyRunsOutcome = {
    slot,
    week: key.replace(/^weekly-/, ""),
    started: [],
    alreadyStarted: [],
    stale: [],
    failed: [],
  };
  for (const tenant of await deps.weeklyRuns.tenantsDue(slot)) {
    try {
      const runs = deps.runsFor(tenant);
      const preferences = await runs.getPreferences();
      if (!sameSlot(preferences?.weeklyRun, slot)) {
        await deps.weeklyRuns.remove(tenant, slot);
        outcome.stale.push(tenant);
        continue;
      }
      const { created } = await startRunWorkflow(
        { runs, workflows: deps.workflows, newRunId: deps.newRunId, now: deps.now },
        {
          tenant,
          householdId: householdForTenant(tenant),
          options: runOptionsSchema.parse({}),
          idempotencyKey: key,
        },
      );
      (created ? outcome.started : outcome.alreadyStarted).push(tenant);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      deps.logger.warn("weekly run not started", { tenant, error: message });
      outcome.failed.push({ tenant, error: message });
    }
  }
  deps.logger.info("weekly runs", { ...outcome });
  return outcome;
};
