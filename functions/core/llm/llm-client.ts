import type { z } from "zod";
import type { AttemptCounter } from "./attempt-counting-fetch";
import { isLlmFailure, LlmOutputInvalid, LlmRateLimited, LlmUnavailable } from "./llm-errors";
import type {
  LlmMessage,
  LlmPort,
  LlmUsage,
  ModelRole,
  StructuredRequest,
  StructuredResult,
  TurnRequest,
  TurnResult,
} from "./llm-port";
import type { DriverRequest, DriverResponse, ModelDriver } from "./model-driver";
import { type ProviderBreaker, ProviderSkipped } from "./provider-breaker";
import {
  readStructuredReply,
  reaskMessages,
  sharedToolsFor,
  structuredOutputTool,
} from "./structured-output";
import { assertToolName } from "./tool-json-schema";

/** The two log calls the client makes; a Powertools Logger fits. */
export interface LlmLogger {
  info(message: string, extra: Record<string, unknown>): void;
  warn(message: string, extra: Record<string, unknown>): void;
}

export interface LlmClientOptions {
  driver: ModelDriver;
  models: Record<ModelRole, string>;
  /** Default budget of one port call (`LLM_TIMEOUT_MS`). */
  timeoutMs: number;
  maxOutputTokens: number;
  logger?: LlmLogger;
  now?: () => number;
  /** Remembers a provider that failed slow or down, so the calls after it skip it for a while. */
  breaker?: ProviderBreaker;
}

/** Failures that say the provider is down or overloaded, not that this request was wrong. */
const PROVIDER_DOWN_CODES = new Set([
  "llm_timeout",
  "llm_connection",
  "llm_provider_error",
  "llm_bad_response",
]);

/**
 * A call the caller's own deadline aborted counts against the provider only when the provider held it
 * this long without answering: a call cut short at once says nothing about the provider.
 */
const SLOW_CALL_MS = 2_000;

/**
 * Added to each HTTP attempt's own SDK timeout: the call's budget is enforced by the client's timer (one
 * abort for the call and its retries), so an SDK must not time an attempt out at the same instant and open
 * a retry connection the abort then has to cut.
 */
const SDK_ATTEMPT_GRACE_MS = 1_000;

type Send = (
  request: Pick<DriverRequest, "system" | "messages" | "tools" | "toolChoice">,
) => Promise<DriverResponse>;

interface CallMeta {
  kind: LlmUsage["kind"];
  name: string;
  options: {
    model?: ModelRole;
    signal?: AbortSignal;
    timeoutMs?: number;
    deadline?: number;
    maxOutputTokens?: number;
    temperature?: number;
  };
}

/**
 * The provider-neutral half of the port: structured output with its one re-ask, tool turns, the per-call
 * timeout and abort signal, and a usage record for every call (logged, and attached to errors).
 */
export const createLlmClient = (options: LlmClientOptions): LlmPort => {
  const { driver, logger } = options;
  const now = options.now ?? Date.now;

  const call = async <R>(
    meta: CallMeta,
    body: (send: Send) => Promise<R>,
    toolCallsOf: (result: R) => string[],
  ): Promise<{ result: R; usage: LlmUsage }> => {
    const requestedModel = options.models[meta.options.model ?? "default"];
    const started = now();
    const configuredTimeoutMs = meta.options.timeoutMs ?? options.timeoutMs;
    // The call's budget, the SDK's retries included: never past the caller's deadline.
    const timeoutMs =
      meta.options.deadline === undefined
        ? configuredTimeoutMs
        : Math.max(0, Math.min(configuredTimeoutMs, meta.options.deadline - started));
    const counter: AttemptCounter = { attempts: 0 };
    const totals = {
      inputTokens: 0,
      outputTokens: 0,
      cacheRead: 0,
      cacheWrite: 0,
      requests: 0,
      model: requestedModel,
    };
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    const signal = meta.options.signal
      ? AbortSignal.any([meta.options.signal, timeout.signal])
      : timeout.signal;

    const send: Send = async (request) => {
      totals.requests += 1;
      const response = await driver.complete(
        {
          ...request,
          model: requestedModel,
          maxOutputTokens: meta.options.maxOutputTokens ?? options.maxOutputTokens,
          ...(meta.options.temperature === undefined ? {} : { temperature: meta.options.temperature }),
          signal,
          timeoutMs: timeoutMs + SDK_ATTEMPT_GRACE_MS,
        },
        counter,
      );
      totals.inputTokens += response.inputTokens;
      totals.outputTokens += response.outputTokens;
      totals.cacheRead += response.cacheReadInputTokens ?? 0;
      totals.cacheWrite += response.cacheWriteInputTokens ?? 0;
      totals.model = response.model || requestedModel;
      return response;
    };

    const usageOf = (outcome: LlmUsage["outcome"], toolCalls: string[], errorCode?: string): LlmUsage => ({
      provider: driver.provider,
      model: totals.model,
      kind: meta.kind,
      name: meta.name,
      toolCalls,
      inputTokens: totals.inputTokens,
      outputTokens: totals.outputTokens,
      ...(totals.cacheRead > 0 ? { cachedInputTokens: totals.cacheRead } : {}),
      ...(totals.cacheWrite > 0 ? { cacheWriteInputTokens: totals.cacheWrite } : {}),
      latencyMs: now() - started,
      attempts: counter.attempts,
      requests: totals.requests,
      outcome,
      ...(errorCode === undefined ? {} : { errorCode }),
    });

    /** Why this failure says the provider is down or too slow, or undefined when it does not. */
    const opensBreaker = (error: unknown): string | undefined => {
      if (timeout.signal.aborted && !meta.options.signal?.aborted) return "llm_timeout";
      if (meta.options.signal?.aborted) return now() - started >= SLOW_CALL_MS ? "llm_timeout" : undefined;
      if (error instanceof LlmRateLimited) return error.code;
      return error instanceof LlmUnavailable && PROVIDER_DOWN_CODES.has(error.code) ? error.code : undefined;
    };

    try {
      if (meta.options.signal?.aborted) {
        throw new LlmUnavailable(`The ${driver.provider} call was aborted`, { code: "llm_aborted" });
      }
      if (timeoutMs === 0) {
        throw new LlmUnavailable(
          `No time was left for a ${driver.provider} call before the caller's deadline`,
          {
            code: "llm_no_time_left",
          },
        );
      }
      let result: R;
      try {
        result = options.breaker
          ? await options.breaker.run(() => body(send), opensBreaker)
          : await body(send);
      } catch (skipped) {
        if (!(skipped instanceof ProviderSkipped)) throw skipped;
        throw new LlmUnavailable(skipped.message, { code: "llm_circuit_open", cause: skipped });
      }
      const usage = usageOf("ok", toolCallsOf(result));
      logger?.info("llm call", { llm: usage });
      return { result, usage };
    } catch (caught) {
      const error =
        timeout.signal.aborted &&
        !meta.options.signal?.aborted &&
        !(caught instanceof LlmUnavailable && caught.code === "llm_circuit_open")
          ? new LlmUnavailable(`The ${driver.provider} provider did not answer within ${timeoutMs} ms`, {
              code: "llm_timeout",
            })
          : caught;
      if (isLlmFailure(error)) {
        error.usage = usageOf("error", [], error.code);
        logger?.warn("llm call failed", {
          llm: error.usage,
          error: { code: error.code, message: error.message },
        });
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    async structured<S extends z.ZodType>(
      request: StructuredRequest<S>,
    ): Promise<StructuredResult<z.output<S>>> {
      assertToolName(request.schemaName);
      const { schemaName, schema } = request;
      const base = {
        system: request.system,
        tools: request.tools
          ? sharedToolsFor(schemaName, request.tools)
          : [structuredOutputTool(schemaName, schema, request.description)],
        toolChoice: { name: schemaName },
      };
      const { result, usage } = await call(
        { kind: "structured", name: schemaName, options: request },
        async (send) => {
          const first = await send({ ...base, messages: request.messages });
          const firstReading = readStructuredReply(first, schemaName, schema);
          if (firstReading.ok) return firstReading.value;
          const messages: LlmMessage[] = [
            ...request.messages,
            ...reaskMessages(first, schemaName, firstReading),
          ];
          const second = await send({ ...base, messages });
          const secondReading = readStructuredReply(second, schemaName, schema);
          if (secondReading.ok) return secondReading.value;
          throw new LlmOutputInvalid(
            `The model's ${schemaName} output was invalid after one re-ask: ${secondReading.problem}`,
            secondReading.issues,
          );
        },
        () => [],
      );
      return { value: result, usage };
    },

    async turn(request: TurnRequest): Promise<TurnResult> {
      for (const tool of request.tools) assertToolName(tool.name);
      const { result, usage } = await call(
        { kind: "turn", name: request.label ?? "turn", options: request },
        (send) =>
          send({
            system: request.system,
            messages: request.messages,
            tools: request.tools,
            toolChoice: request.toolChoice ?? "auto",
          }),
        (response) => response.toolCalls.map((c) => c.name),
      );
      return {
        text: result.text,
        toolCalls: result.toolCalls,
        stopReason: result.stopReason,
        message: {
          role: "assistant",
          content: result.text,
          ...(result.toolCalls.length > 0 ? { toolCalls: result.toolCalls } : {}),
        },
        usage,
      };
    },
  };
};
