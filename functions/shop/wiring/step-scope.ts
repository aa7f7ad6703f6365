import { configOnce } from "../../core/config";
import { createLlm } from "../../core/llm";
import { type RemainingTime, stepModelDeadline } from "../../core/llm/model-deadline";
import type { UsageRecorder } from "../../core/llm/usage-recorder";
import { type RequestScope, withRequestScope } from "../../core/request-scope";
import type { RunUsage } from "../domain/runs/shop-run";
import { shopConfig } from "./shop-config";
import { stepLogger } from "./step-logger";

const sharedLlm = configOnce(() => createLlm(shopConfig.llm()));
// Parsed at cold start: a provider without its key fails here, naming it.
shopConfig.llm();

/**
 * How long one item's model steps (queries, ranking, reasons) may wait on the model in all, from its
 * GenerateQueries: a healthy model answers the three in a few seconds each; a slow one (20 s a call) is
 * cut here and the item's last steps answer by heuristics, so a run ends at most about a minute after an
 * offline one (the items run at once) however slowly the model answers.
 */
export const ITEM_MODEL_WINDOW_MS = 40_000;
/** The same for PruneStock's one call, after the items. */
export const PRUNE_MODEL_WINDOW_MS = 15_000;

/** A step's scope: the core request scope, and what the step's model calls cost, for the run's record. */
export interface StepScope extends RequestScope {
  runUsage(): RunUsage;
}

const runUsageOf = (recorder: UsageRecorder): RunUsage => {
  const totals = recorder.totals();
  return {
    calls: totals.calls,
    failedCalls: totals.failedCalls,
    inputTokens: totals.inputTokens,
    outputTokens: totals.outputTokens,
    latencyMs: totals.latencyMs,
    offlineCalls: recorder.entries().filter((entry) => entry.provider === "none").length,
  };
};

/**
 * Runs one model step in the core request scope: every call (the SDK's retries included) ends at the
 * step's model deadline (its Lambda's remaining time less the offline reserve), or at the item's model
 * window if earlier, so a model that never answers ends in the step's heuristic, never in the Lambda's
 * timeout. The provider's breaker (shared across containers deployed) makes the steps after a timeout
 * skip the model at once. The step's usage, which the run keeps, is the scope's.
 */
export const withStepScope = <T>(
  context: RemainingTime,
  step: {
    name: string;
    /** RankCandidates' and GenerateReasons' events carry no tenant (the ASL hands them the item only). */
    tenant?: string;
    /** Epoch ms the step's model window ends (ITEM_MODEL_WINDOW_MS, PRUNE_MODEL_WINDOW_MS), if earlier. */
    windowEndsAt?: number | undefined;
  },
  use: (scope: StepScope) => Promise<T>,
): Promise<T> => {
  return withRequestScope(
    sharedLlm(),
    {
      tenant: step.tenant ?? "",
      logger: stepLogger,
      deadline: Math.min(stepModelDeadline(context), step.windowEndsAt ?? Number.POSITIVE_INFINITY),
      logContext: { step: step.name, ...(step.tenant === undefined ? {} : { tenant: step.tenant }) },
    },
    (scope) => use({ ...scope, runUsage: () => runUsageOf(scope.usage) }),
  );
};
