import type { LoggerPort } from "../../core/logger-port";

/** Which of the two paths produced a step's answer: the model, or the heuristic that always works. */
export type StepSource = "llm" | "heuristic";

/**
 * Seed 000's rule, "LLM enhances, heuristics always work": any failure of the model path (unavailable,
 * rate limited, invalid twice, refused by our own checks) is logged and the heuristic answers instead.
 * No provider configured (`llm_not_configured`, the offline default) is no failure: nothing is logged per
 * step; SaveRun says once per run which steps answered by their heuristics.
 */
export const withHeuristicFallback = async <T>(
  logger: LoggerPort,
  warning: string,
  viaModel: () => Promise<T>,
  heuristic: () => T,
): Promise<T> => {
  try {
    return await viaModel();
  } catch (error) {
    if ((error as { code?: unknown }).code === "llm_not_configured") return heuristic();
    logger.warn(warning, {
      error: error instanceof Error ? error.name : String(error),
      code: (error as { code?: unknown }).code,
      // Not `message`: Powertools reserves that key and drops it, and with it the failure's text.
      detail: error instanceof Error ? error.message : undefined,
    });
    return heuristic();
  }
};
