import { configOnce } from "../../core/config";
import { createLlm, type LlmPort, readLlmConfig } from "../../core/llm";
import { type RemainingTime, stepModelDeadline } from "../../core/llm/model-deadline";
import { openModelSession } from "../../core/llm/model-session";
import type { RunUsage } from "../domain/shop-run";

// Parsed at cold start: a provider without its key fails here, naming it.
const config = configOnce(() => readLlmConfig());
const sharedLlm = configOnce(() => createLlm(config()));
config();

/**
 * The container's model in a model session of this one step: every call (the SDK's retries included) is
 * bounded by the step's model deadline (its Lambda's remaining time less the offline reserve), so a model
 * that never answers ends in the step's heuristic, never in the Lambda's timeout; and what the step's
 * calls cost. The provider's breaker (shared across containers deployed) makes the steps after a timeout
 * skip the model at once.
 */
export const stepLlm = (context: RemainingTime): { llm: LlmPort; usage: () => RunUsage } => {
  const { llm, recorder } = openModelSession(sharedLlm(), { deadline: stepModelDeadline(context) });
  return {
    llm,
    usage: () => {
      const totals = recorder.totals();
      return {
        calls: totals.calls,
        failedCalls: totals.failedCalls,
        inputTokens: totals.inputTokens,
        outputTokens: totals.outputTokens,
        latencyMs: totals.latencyMs,
        offlineCalls: recorder.entries().filter((entry) => entry.provider === "none").length,
      };
    },
  };
};
