import { configOnce } from "../../core/config";
import { createLlm, type LlmPort, readLlmConfig } from "../../core/llm";
import { openModelSession } from "../../core/llm/model-session";
import type { RunUsage } from "../domain/shop-run";

// Parsed at cold start: a provider without its key fails here, naming it.
const config = configOnce(() => readLlmConfig());
const sharedLlm = configOnce(() => createLlm(config()));
config();

/** The container's model in a model session of this one step: what the step's calls cost. */
export const stepLlm = (): { llm: LlmPort; usage: () => RunUsage } => {
  const { llm, recorder } = openModelSession(sharedLlm());
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
