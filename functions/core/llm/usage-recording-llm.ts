import { isLlmFailure } from "./llm-errors";
import type { LlmPort } from "./llm-port";
import type { UsageRecorder } from "./usage-recorder";

/**
 * Wraps a port so that every call's usage, failed calls included, lands in `recorder`. Build one per
 * request around the container's shared port: `const llm = recordingUsage(sharedLlm, recorder)`.
 */
export const recordingUsage = (llm: LlmPort, recorder: UsageRecorder): LlmPort => ({
  async structured(request) {
    try {
      const result = await llm.structured(request);
      recorder.record(result.usage);
      return result;
    } catch (error) {
      if (isLlmFailure(error) && error.usage) recorder.record(error.usage);
      throw error;
    }
  },
  async turn(request) {
    try {
      const result = await llm.turn(request);
      recorder.record(result.usage);
      return result;
    } catch (error) {
      if (isLlmFailure(error) && error.usage) recorder.record(error.usage);
      throw error;
    }
  },
});
