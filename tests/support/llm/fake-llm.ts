import type { z } from "zod";
import { isLlmFailure, LlmOutputInvalid } from "../../../functions/core/llm/llm-errors";
import type {
  LlmPort,
  LlmToolCall,
  LlmUsage,
  StructuredRequest,
  StructuredResult,
  TurnRequest,
  TurnResult,
} from "../../../functions/core/llm/llm-port";
import { toFieldIssues } from "../../../functions/core/validation";

/**
 * A scripted LLM port for unit tests. Structured calls are routed by schema name, because callers run
 * several prompts concurrently (seed 003's experts) and a single queue would hand answers to the wrong
 * one; turns are routed by an offered tool name, or taken from a default queue. Every call is recorded.
 *
 *   const llm = createFakeLlm()
 *     .onStructured("extract_quote", { ... })               // every extract_quote call gets this value
 *     .onStructured("orchestrate_decision", [first, second]) // a queue, consumed in order
 *     .onStructured("analyze_needs", (request) => ({ ... })) // computed from the request
 *     .onStructured("evaluate_escalation", new LlmUnavailable("down"))  // thrown
 *     .onTurn([{ toolCalls: [{ name: "filter_campaigns", arguments: {} }] }, { text: "Done." }]);
 *
 * Structured values are checked against the caller's schema: an invalid one throws `LlmOutputInvalid`,
 * as the real client does after its failed re-ask, so fallback paths can be tested.
 */
export interface FakeLlm extends LlmPort {
  readonly calls: FakeLlmCall[];
  onStructured(schemaName: string, response: FakeStructuredScript): FakeLlm;
  onTurn(response: FakeTurnScript, route?: { whenToolOffered: string }): FakeLlm;
  /** Calls of one schema name (structured) or label (turns). */
  callsNamed(name: string): FakeLlmCall[];
}

export type FakeLlmCall =
  | { kind: "structured"; schemaName: string; request: StructuredRequest<z.ZodType> }
  | { kind: "turn"; label: string; request: TurnRequest };

/** A value (an object: structured roots are objects), an Error to throw, or a function of the request. */
export type FakeStructuredResponse =
  | object
  | Error
  | ((request: StructuredRequest<z.ZodType>) => unknown | Promise<unknown>);
/** One response for every call, or an array: a queue consumed in order. */
export type FakeStructuredScript = FakeStructuredResponse | FakeStructuredResponse[];

export interface FakeTurnReply {
  text?: string;
  toolCalls?: Array<{ name: string; arguments: unknown; id?: string }>;
}
export type FakeTurnResponse =
  | FakeTurnReply
  | Error
  | ((request: TurnRequest) => FakeTurnReply | Promise<FakeTurnReply>);
export type FakeTurnScript = FakeTurnResponse | FakeTurnResponse[];

/** One entry of a script: `always` answers every call, `queue` answers each call once, in order. */
type Route<R> = { always: R } | { queue: R[] };

const routeOf = <R>(script: R | R[]): Route<R> =>
  Array.isArray(script) ? { queue: [...script] } : { always: script };

const take = <R>(route: Route<R> | undefined): R | undefined => {
  if (!route) return undefined;
  return "always" in route ? route.always : route.queue.shift();
};

/** Rough token counts (4 characters a token), so usage totals in tests are not all zero. */
const tokensOf = (value: unknown): number => Math.ceil((JSON.stringify(value) ?? "").length / 4);

export const createFakeLlm = (): FakeLlm => {
  const calls: FakeLlmCall[] = [];
  const structuredRoutes = new Map<string, Route<FakeStructuredResponse>>();
  const turnRoutes: Array<{ tool: string | undefined; route: Route<FakeTurnResponse> }> = [];
  let toolCallCounter = 0;

  const usage = (
    kind: LlmUsage["kind"],
    name: string,
    model: string,
    input: unknown,
    output: unknown,
    toolCalls: string[],
  ): LlmUsage => ({
    provider: "fake",
    model,
    kind,
    name,
    toolCalls,
    inputTokens: tokensOf(input),
    outputTokens: tokensOf(output),
    latencyMs: 0,
    attempts: 1,
    requests: 1,
    outcome: "ok",
  });

  const attachFailureUsage = (
    error: unknown,
    kind: LlmUsage["kind"],
    name: string,
    model: string,
  ): unknown => {
    if (isLlmFailure(error) && !error.usage) {
      error.usage = { ...usage(kind, name, model, "", "", []), outcome: "error", errorCode: error.code };
    }
    return error;
  };

  const fake: FakeLlm = {
    calls,

    onStructured(schemaName, response) {
      structuredRoutes.set(schemaName, routeOf(response));
      return fake;
    },

    onTurn(response, route) {
      const tool = route?.whenToolOffered;
      const existing = turnRoutes.findIndex((r) => r.tool === tool);
      if (existing >= 0) turnRoutes.splice(existing, 1);
      turnRoutes.push({ tool, route: routeOf(response) });
      return fake;
    },

    callsNamed(name) {
      return calls.filter((c) => (c.kind === "structured" ? c.schemaName : c.label) === name);
    },

    async structured<S extends z.ZodType>(
      request: StructuredRequest<S>,
    ): Promise<StructuredResult<z.output<S>>> {
      const { schemaName } = request;
      const model = `fake-${request.model ?? "default"}`;
      calls.push({ kind: "structured", schemaName, request });
      const response = take(structuredRoutes.get(schemaName));
      if (response === undefined) {
        throw new Error(`FakeLlm: no scripted response for structured schema "${schemaName}"`);
      }
      try {
        if (response instanceof Error) throw response;
        const raw = typeof response === "function" ? await response(request) : response;
        const parsed = request.schema.safeParse(raw);
        if (!parsed.success) {
          const issues = toFieldIssues(parsed.error);
          throw new LlmOutputInvalid(
            `The model's ${schemaName} output was invalid after one re-ask: ${issues.map((i) => i.path).join(", ")}`,
            issues,
          );
        }
        return { value: parsed.data, usage: usage("structured", schemaName, model, request, raw, []) };
      } catch (error) {
        throw attachFailureUsage(error, "structured", schemaName, model);
      }
    },

    async turn(request: TurnRequest): Promise<TurnResult> {
      const label = request.label ?? "turn";
      const model = `fake-${request.model ?? "default"}`;
      calls.push({ kind: "turn", label, request });
      const offered = new Set(request.tools.map((t) => t.name));
      const routed = turnRoutes.find((r) => r.tool !== undefined && offered.has(r.tool));
      const fallback = turnRoutes.find((r) => r.tool === undefined);
      const response = take(routed?.route) ?? take(fallback?.route);
      if (response === undefined) {
        throw new Error(
          `FakeLlm: no scripted turn response (tools offered: ${[...offered].join(", ") || "none"})`,
        );
      }
      try {
        if (response instanceof Error) throw response;
        const reply = typeof response === "function" ? await response(request) : response;
        const toolCalls: LlmToolCall[] = (reply.toolCalls ?? []).map((call) => ({
          id: call.id ?? `fake_call_${++toolCallCounter}`,
          name: call.name,
          arguments: call.arguments,
        }));
        const text = reply.text ?? "";
        return {
          text,
          toolCalls,
          stopReason: toolCalls.length > 0 ? "tool_calls" : "end",
          message: { role: "assistant", content: text, ...(toolCalls.length > 0 ? { toolCalls } : {}) },
          usage: usage(
            "turn",
            label,
            model,
            request.messages,
            reply,
            toolCalls.map((c) => c.name),
          ),
        };
      } catch (error) {
        throw attachFailureUsage(error, "turn", label, model);
      }
    },
  };
  return fake;
};
