import { configOnce } from "../../core/config";
import {
  createLlm,
  createUsageRecorder,
  type LlmPort,
  readLlmConfig,
  recordingUsage,
} from "../../core/llm";
import type { RunUsage } from "../domain/shop-run";

// Parsed at cold start: a provider without its key fails here, naming it.
const config = configOnce(() => readLlmConfig());
const sharedLlm = configOnce(() => createLlm(config()));
config();

/** The container's model behind a recorder: what this one step's calls cost. */
export const stepLlm = (): { llm: LlmPort; usage: () => RunUsage } => {
  const recorder = createUsageRecorder();
  const llm = recordingUsage(sharedLlm(), recorder);
  return {
    llm,
    usage: () => {
      const entries = recorder.entries();
      const totals = recorder.totals();
      return {
        calls: totals.calls,
        failedCalls: totals.failedCalls,
        inputTokens: totals.inputTokens,
        outputTokens: totals.outputTokens,
        latencyMs: totals.latencyMs,
        offlineCalls: entries.filter((entry) => entry.provider === "none").length,
      };
    },
  };
};
