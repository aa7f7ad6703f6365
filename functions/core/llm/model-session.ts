import type { LlmPort } from "./llm-port";
import { createUsageRecorder, logUsageTotals, type UsageRecorder } from "./usage-recorder";
import { recordingUsage } from "./usage-recording-llm";

/**
 * One request's or one step's use of the model: its calls recorded (what they cost, failed ones too) and,
 * given a deadline, aborted there, so a slow model ends in the caller's offline path instead of the
 * caller's timeout. The one place a per-request model port is built.
 */
export interface ModelSession {
  /**
   * Records usage and bounds every call by the deadline, the SDK's retries included: a call that cannot
   * answer in time fails as `LlmUnavailable` (`llm_timeout`), and the caller's offline path answers.
   */
  llm: LlmPort;
  /** Records usage only: for an agent loop that watches `deadline` itself and answers with what it has. */
  recordingLlm: LlmPort;
  /** Epoch ms by which the caller must answer; undefined when nothing bounds it. */
  deadline: number | undefined;
  recorder: UsageRecorder;
}

export interface ModelSessionOptions {
  deadline?: number;
}

const earlier = (own: number | undefined, deadline: number): number =>
  own === undefined ? deadline : Math.min(own, deadline);

/** The port with every call's deadline no later than `deadline` (a call may bring an earlier one). */
export const llmWithDeadline = (llm: LlmPort, deadline: number): LlmPort => ({
  structured: (request) => llm.structured({ ...request, deadline: earlier(request.deadline, deadline) }),
  turn: (request) => llm.turn({ ...request, deadline: earlier(request.deadline, deadline) }),
});

export const openModelSession = (llm: LlmPort, options: ModelSessionOptions = {}): ModelSession => {
  const recorder = createUsageRecorder();
  const recordingLlm = recordingUsage(llm, recorder);
  const { deadline } = options;
  return {
    recordingLlm,
    llm: deadline === undefined ? recordingLlm : llmWithDeadline(recordingLlm, deadline),
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
