import { createLlmClient } from "../../../functions/core/llm/llm-client";
import type { LlmPort, LlmToolCall } from "../../../functions/core/llm/llm-port";
import type { DriverRequest, DriverResponse, ModelDriver } from "../../../functions/core/llm/model-driver";

/**
 * A fake model that answers as real models do, beside the scripted one (fake-llm.ts), which sends exactly
 * what the code expects. It is a ModelDriver under the real LLM client, so the port's own parsing, zod
 * check and one re-ask run as in production. Each request is answered by the handler of its forced tool
 * (structured calls) or, for turns, the handler under "turn"; a handler returns one of the quirks below,
 * and may look at how many times it was asked (a second ask is the port's re-ask, or the loop's next turn).
 *
 *   const llm = createRealisticFakeLlm({
 *     rank_substitutes_by_value: (r) => r.attempt === 1 ? fenced({...}) : call({...}),
 *     turn: () => calls([{ name: "filter_products", arguments: { max_price: "100 000 ₽" } }]),
 *   });
 */
export type RealisticReply =
  /** A tool call with these arguments (extra fields, near-miss values, strings for numbers: as given). */
  | { kind: "call"; name: string; arguments: unknown }
  /** Several tool calls in one turn. */
  | { kind: "calls"; calls: Array<{ name: string; arguments: unknown }> }
  /** Arguments that are not JSON (the SDKs hand them over as the raw text). */
  | { kind: "malformed"; name: string; raw: string }
  /** The JSON asked for, as text in a ```json code fence, and no tool call. */
  | { kind: "fenced"; value: unknown }
  /** A refusal in words, no tool call. */
  | { kind: "refusal"; text: string }
  /** Nothing at all. */
  | { kind: "empty" };

export const call = (name: string, args: unknown): RealisticReply => ({
  kind: "call",
  name,
  arguments: args,
});
export const calls = (list: Array<{ name: string; arguments: unknown }>): RealisticReply => ({
  kind: "calls",
  calls: list,
});
export const malformed = (name: string, raw: string): RealisticReply => ({ kind: "malformed", name, raw });
export const fenced = (value: unknown): RealisticReply => ({ kind: "fenced", value });
export const refusal = (text = "I'm sorry, but I can't help with that request."): RealisticReply => ({
  kind: "refusal",
  text,
});
export const empty = (): RealisticReply => ({ kind: "empty" });

export interface RealisticRequest {
  /** 1 for the first request of this handler, 2 for the next (a re-ask or the next turn), … */
  attempt: number;
  request: DriverRequest;
  /** The request's messages as one text (to find ids and names in the prompt). */
  text: string;
}

export type RealisticHandler = (request: RealisticRequest) => RealisticReply;

export interface RealisticFakeLlm extends LlmPort {
  /** Every request the client sent, in order, with the handler that answered it. */
  readonly requests: Array<{ handler: string; request: DriverRequest }>;
}

const forcedName = (request: DriverRequest): string | undefined =>
  typeof request.toolChoice === "object" ? request.toolChoice.name : undefined;

const toResponse = (reply: RealisticReply, sequence: number): DriverResponse => {
  const id = (n: number) => `call_realistic_${sequence}_${n}`;
  const base = { model: "realistic-fake", inputTokens: 100, outputTokens: 20 };
  const withCalls = (list: LlmToolCall[]): DriverResponse => ({
    ...base,
    text: "",
    toolCalls: list,
    stopReason: "tool_calls",
  });
  switch (reply.kind) {
    case "call":
      return withCalls([{ id: id(0), name: reply.name, arguments: reply.arguments }]);
    case "calls":
      return withCalls(reply.calls.map((c, n) => ({ id: id(n), name: c.name, arguments: c.arguments })));
    case "malformed":
      return withCalls([{ id: id(0), name: reply.name, arguments: reply.raw }]);
    case "fenced":
      return {
        ...base,
        text: `Here is the result:\n\`\`\`json\n${JSON.stringify(reply.value, null, 2)}\n\`\`\``,
        toolCalls: [],
        stopReason: "end",
      };
    case "refusal":
      return { ...base, text: reply.text, toolCalls: [], stopReason: "end" };
    case "empty":
      return { ...base, text: "", toolCalls: [], stopReason: "end" };
  }
};

export const createRealisticFakeLlm = (handlers: Record<string, RealisticHandler>): RealisticFakeLlm => {
  const requests: RealisticFakeLlm["requests"] = [];
  const attempts = new Map<string, number>();
  const driver: ModelDriver = {
    provider: "realistic-fake",
    async complete(request, counter) {
      counter.attempts += 1;
      const name = forcedName(request) ?? "turn";
      const handler = handlers[name];
      if (!handler) throw new Error(`realistic fake: no handler for ${name}`);
      const attempt = (attempts.get(name) ?? 0) + 1;
      attempts.set(name, attempt);
      requests.push({ handler: name, request });
      const text = JSON.stringify(request.messages);
      return toResponse(handler({ attempt, request, text }), requests.length);
    },
  };
  const port = createLlmClient({
    driver,
    models: { default: "realistic-default", fast: "realistic-fast" },
    timeoutMs: 5_000,
    maxOutputTokens: 1024,
  });
  return Object.assign(port, { requests });
};

/** The product ids a prompt lists as `productId: …` (the shop's ranker and reason prompts). */
export const listedIds = (text: string): string[] => [
  ...new Set([...text.matchAll(/productId: ([\w-]+)/g)].map((m) => m[1] as string)),
];
