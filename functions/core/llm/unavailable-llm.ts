import { LlmUnavailable } from "./llm-errors";
import type { LlmPort, LlmUsage } from "./llm-port";

/**
 * The port for `LLM_PROVIDER=none`: every call fails at once with `LlmUnavailable` (`llm_not_configured`),
 * so each caller's offline path (heuristic, rule-based fallback, escalation to a human) runs.
 */
export const createUnavailableLlm = (reason: string): LlmPort => {
  const fail = (kind: LlmUsage["kind"], name: string): Promise<never> =>
    Promise.reject(
      new LlmUnavailable(reason, {
        code: "llm_not_configured",
        usage: {
          provider: "none",
          model: "none",
          kind,
          name,
          toolCalls: [],
          inputTokens: 0,
          outputTokens: 0,
          latencyMs: 0,
          attempts: 0,
          requests: 0,
          outcome: "error",
          errorCode: "llm_not_configured",
        },
      }),
    );
  return {
    structured: (request) => fail("structured", request.schemaName),
    turn: (request) => fail("turn", request.label ?? "turn"),
  };
};
