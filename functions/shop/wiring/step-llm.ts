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
 * How long one item's model steps (queries, ranking, reasons) may wait on the model in all, from its
 * GenerateQueries: a healthy model answers the three in a few seconds each; a slow one (20 s a call) is
 * cut here and the item's last steps answer by heuristics, so a run ends at most about a minute after an
 * offline one (the items run at once) however slowly the model answers.
 */
export const ITEM_MODEL_WINDOW_MS = 40_000;
/** The same for PruneStock's one call, after the items. */
export const PRUNE_MODEL_WINDOW_MS = 15_000;

/**
 * The container's model in a model session of this one step: every call (the SDK's retries included) is
 * bounded by the step's model deadline (its Lambda's remaining time less the offline reserve), so a model
 * that never answers ends in the step's heuristic, never in the Lambda's timeout; and what the step's
 * calls cost. The provider's breaker (shared across containers deployed) makes the steps after a timeout
 * skip the model at once.
 */
export const stepLlm = (
  context: RemainingTime,
  /** Epoch ms the step's model window ends (ITEM_MODEL_WINDOW_MS, PRUNE_MODEL_WINDOW_MS), if earlier. */
  windowEndsAt?: number,
): { llm: LlmPort; usage: () => RunUsage } => {
  const deadline = Math.min(stepModelDeadline(context), windowEndsAt ?? Number.POSITIVE_INFINITY);
  const { llm, recorder } = openModelSession(sharedLlm(), { deadline });
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
