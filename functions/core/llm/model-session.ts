import { llmAbortingOn } from "./llm-aborting-on";
import type { LlmPort } from "./llm-port";
import { createUsageRecorder, logUsageTotals, type UsageRecorder } from "./usage-recorder";
import { recordingUsage } from "./usage-recording-llm";

/**
 * One request's or one step's use of the model: its calls recorded (what they cost, failed ones too) and,
 * given a deadline, aborted there, so a slow model ends in the caller's offline path instead of the
 * caller's timeout. The one place a per-request model port is built.
 */
export interface ModelSession {
  /** Records usage and aborts every call at the deadline (an aborted call fails as `LlmUnavailable`). */
  llm: LlmPort;
  /** Records usage only: for an agent loop that watches `deadline` itself and answers with what it has. */
  recordingLlm: LlmPort;
  /** Epoch ms by which the caller must answer; undefined when nothing bounds it. */
  deadline: number | undefined;
  recorder: UsageRecorder;
}

export interface ModelSessionOptions {
  deadline?: number;
  clock?: () => number;
}

export const openModelSession = (llm: LlmPort, options: ModelSessionOptions = {}): ModelSession => {
  const clock = options.clock ?? Date.now;
  const recorder = createUsageRecorder();
  const recordingLlm = recordingUsage(llm, recorder);
  const { deadline } = options;
  return {
    recordingLlm,
    llm:
      deadline === undefined
        ? recordingLlm
        : llmAbortingOn(recordingLlm, AbortSignal.timeout(Math.max(0, deadline - clock()))),
    deadline,
    recorder,
  };
};

/**
 * Runs `use` in a model session and writes one log line with its totals afterwards, whether it
 * succeeded or not (only when a call was made).
 */
export const withModelSession = async <T>(
  llm: LlmPort,
  options: ModelSessionOptions & {
    logger: { info(message: string, extra: Record<string, unknown>): void };
    logContext?: Record<string, unknown>;
  },
  use: (session: ModelSession) => Promise<T>,
): Promise<T> => {
  const session = openModelSession(llm, options);
  try {
    return await use(session);
  } finally {
    if (session.recorder.entries().length > 0) {
      logUsageTotals(options.logger, session.recorder, options.logContext ?? {});
    }
  }
};
