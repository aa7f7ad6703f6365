import type { LlmPort } from "../../functions/core/llm/llm-port";

/** The areas a live scenario belongs to (`--area`). */
export const LIVE_AREAS = ["negotiate", "campaign-chat", "catalog-chat", "shop", "cook"] as const;
export type LiveArea = (typeof LIVE_AREAS)[number];

/** What a scenario's check saw: the model's answer in a few words, and whether it is the expected one. */
export interface LiveOutcome {
  got: string;
  match: boolean;
}

/**
 * One live check: an area's real agent or use case, run with the configured model, and the answer a
 * sound model gives. `run` gets the port (already recording usage) and a logger whose warnings the runner
 * counts: an agent that fell back to its offline rules is never a match, whatever it answered.
 */
export interface LiveScenario {
  area: LiveArea;
  name: string;
  /** Which seed the expectation comes from (`003`). */
  seed: string;
  expected: string;
  run(context: LiveRunContext): Promise<LiveOutcome>;
}

export interface LiveRunContext {
  llm: LlmPort;
  logger: WarningLogger;
  /** Every tool call the model made in this scenario's turns, in order (the runner's capture). */
  toolCalls: Array<{ name: string; arguments: unknown }>;
}

/** Wraps a port so every tool call of a turn lands in `into` (structured calls are left to their callers). */
export const capturingToolCalls = (llm: LlmPort, into: LiveRunContext["toolCalls"]): LlmPort => ({
  structured: (request) => llm.structured(request),
  async turn(request) {
    const result = await llm.turn(request);
    for (const call of result.toolCalls) into.push({ name: call.name, arguments: call.arguments });
    return result;
  },
});

/** A LoggerPort that keeps the warnings (the areas log "falling back to the rules" as a warning). */
export interface WarningLogger {
  info(message: string, ...extra: Record<string, unknown>[]): void;
  warn(message: string, ...extra: Record<string, unknown>[]): void;
  warnings: string[];
}

export const createWarningLogger = (): WarningLogger => {
  const warnings: string[] = [];
  return {
    warnings,
    info: () => undefined,
    warn: (message) => {
      warnings.push(message);
    },
  };
};

/** Order-free equality of a value the model may send as one string or a list of them. */
export const sameValues = (got: unknown, expected: readonly string[]): boolean => {
  const list = Array.isArray(got) ? got : got === undefined || got === null ? [] : [got];
  if (list.length !== expected.length) return false;
  const norm = (v: unknown) => String(v).trim().toLowerCase();
  const want = new Set(expected.map(norm));
  return list.every((v) => want.has(norm(v)));
};

/** A compact one-line JSON for the table. */
export const brief = (value: unknown, max = 90): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};
