import type { LlmUsage } from "./llm-port";

export interface ModelUsageTotals {
  calls: number;
  inputTokens: number;
  outputTokens: number;
}

export interface UsageTotals {
  calls: number;
  /** Calls a provider failed; offline calls (no provider configured) are not failures. */
  failedCalls: number;
  inputTokens: number;
  outputTokens: number;
  /** Of `inputTokens`, those read from the prompt cache (present when a call reported any). */
  cachedInputTokens?: number;
  /** Of `inputTokens`, those written to the prompt cache (present when a call reported any). */
  cacheWriteInputTokens?: number;
  /** Sum of call latencies; calls that ran concurrently overlap, so this can exceed the wall time. */
  latencyMs: number;
  attempts: number;
  requests: number;
  byModel: Record<string, ModelUsageTotals>;
}

/** Accumulates the usage of every LLM call of one request (one API call, one workflow step). */
export interface UsageRecorder {
  record(usage: LlmUsage): void;
  entries(): readonly LlmUsage[];
  totals(): UsageTotals;
}

export const totalUsage = (entries: readonly LlmUsage[]): UsageTotals => {
  const totals: UsageTotals = {
    calls: 0,
    failedCalls: 0,
    inputTokens: 0,
    outputTokens: 0,
    latencyMs: 0,
    attempts: 0,
    requests: 0,
    byModel: {},
  };
  for (const usage of entries) {
    totals.calls += 1;
    // No provider configured (`llm_not_configured`): the offline path was chosen, no call was made to fail.
    if (usage.outcome === "error" && usage.errorCode !== "llm_not_configured") totals.failedCalls += 1;
    totals.inputTokens += usage.inputTokens;
    totals.outputTokens += usage.outputTokens;
    if (usage.cachedInputTokens)
      totals.cachedInputTokens = (totals.cachedInputTokens ?? 0) + usage.cachedInputTokens;
    if (usage.cacheWriteInputTokens)
      totals.cacheWriteInputTokens = (totals.cacheWriteInputTokens ?? 0) + usage.cacheWriteInputTokens;
    totals.latencyMs += usage.latencyMs;
    totals.attempts += usage.attempts;
    totals.requests += usage.requests;
    const model = totals.byModel[usage.model] ?? { calls: 0, inputTokens: 0, outputTokens: 0 };
    totals.byModel[usage.model] = model;
    model.calls += 1;
    model.inputTokens += usage.inputTokens;
    model.outputTokens += usage.outputTokens;
  }
  return totals;
};

export const createUsageRecorder = (): UsageRecorder => {
  const entries: LlmUsage[] = [];
  return {
    record: (usage) => {
      entries.push(usage);
    },
    entries: () => entries,
    totals: () => totalUsage(entries),
  };
};

/** Writes one log line with a request's LLM totals (`llmUsage`), for dashboards and cost tracking. */
export const logUsageTotals = (
  logger: { info(message: string, extra: Record<string, unknown>): void },
  recorder: UsageRecorder,
  context: Record<string, unknown> = {},
): UsageTotals => {
  const totals = recorder.totals();
  logger.info("llm usage totals", { ...context, llmUsage: totals });
  return totals;
};
