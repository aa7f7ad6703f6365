import { configOnce } from "../../core/config";
import { createLlm } from "../../core/llm";
import { stepModelDeadline } from "../../core/llm/model-deadline";
import type { UsageRecorder } from "../../core/llm/usage-recorder";
import { withRequestScope } from "../../core/request-scope";
import type { RunUsage } from "../domain/runs/shop-run";
import { shopConfig } from "./shop-config";
import type { ShopModelSources } from "./shop-step-sources";
import { logSources } from "./step-logger";

const sharedLlm = configOnce(() => createLlm(shopConfig.llm()));
// Parsed at cold start: a provider without its key fails here, naming it.
shopConfig.llm();

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
 * A model step's sources. `inRequestScope` runs the step in the core request scope: every call (the SDK's
 * retries included) ends at the step's model deadline (its Lambda's remaining time less the offline
 * reserve), or at the item's model window if earlier, so a model that never answers ends in the step's
 * heuristic, never in the Lambda's timeout. The provider's breaker (shared across containers deployed)
 * makes the steps after a timeout skip the model at once. The step's usage, which the run keeps, is the
 * scope's.
 */
export const modelSources: ShopModelSources = {
  ...logSources,
  now: () => new Date(),
  inRequestScope: (context, step, use) =>
    withRequestScope(
      sharedLlm(),
      {
        tenant: step.tenant ?? "",
        logger: logSources.logger,
        deadline: Math.min(stepModelDeadline(context), step.windowEndsAt ?? Number.POSITIVE_INFINITY),
        logContext: { step: step.name, ...(step.tenant === undefined ? {} : { tenant: step.tenant }) },
      },
      (scope) => use({ ...scope, runUsage: () => runUsageOf(scope.usage) }),
    ),
};
