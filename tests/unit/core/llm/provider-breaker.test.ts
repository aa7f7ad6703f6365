import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createLlmClient } from "../../../../functions/core/llm/llm-client";
import { LlmUnavailable } from "../../../../functions/core/llm/llm-errors";
import type { DriverRequest, ModelDriver } from "../../../../functions/core/llm/model-driver";
import { llmWithDeadline } from "../../../../functions/core/llm/model-session";
import { providerBreaker, providerConditions } from "../../../../functions/core/llm/provider-breaker";
import { waitUntil } from "../../../support/wait-until";

const request = {
  schema: z.object({ ok: z.boolean() }),
  schemaName: "check_ok",
  system: "Answer.",
  messages: [{ role: "user" as const, content: "ok?" }],
};

/** A provider that accepts each request and never answers until the call's own signal aborts it. */
const hangingDriver = () => {
  const seen: DriverRequest[] = [];
  const driver: ModelDriver = {
    provider: "hanging",
    complete: (driverRequest, counter) => {
      seen.push(driverRequest);
      counter.attempts += 1;
      return new Promise((_, reject) => {
        driverRequest.signal?.addEventListener("abort", () => reject(new Error("aborted by the client")), {
          once: true,
        });
      });
    },
  };
  return { driver, seen };
};

const answeringDriver = (): ModelDriver => ({
  provider: "hanging",
  complete: async (_request, counter) => {
    counter.attempts += 1;
    return {
      model: "m",
      text: "",
      toolCalls: [{ id: "t", name: "check_ok", arguments: { ok: true } }],
      stopReason: "tool_calls",
      inputTokens: 1,
      outputTokens: 1,
    };
  },
});

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LlmUnavailable);
  return error as LlmUnavailable;
};

describe("the provider breaker", () => {
  it("after one call times out, skips the provider for the calls after it without sending them", async () => {
    const { driver, seen } = hangingDriver();
    let clock = 1_000_000;
    const breaker = providerBreaker(
      { provider: "hanging", endpoint: "tarpit" },
      { openMs: 30_000, now: () => clock },
    );
    const llm = createLlmClient({
      driver,
      models: { default: "m", fast: "m" },
      timeoutMs: 50,
      maxOutputTokens: 100,
      breaker,
    });

    expect((await failureOf(llm.structured(request))).code).toBe("llm_timeout");
    const skipped = await failureOf(llm.structured(request));
    expect(skipped.code).toBe("llm_circuit_open");
    expect(skipped.usage?.attempts).toBe(0);
    expect(seen).toHaveLength(1);
    expect(providerConditions()).toEqual([
      {
        provider: "hanging",
        state: "degraded",
        failedAt: new Date(1_000_000).toISOString(),
        reason: "llm_timeout",
        retryAfter: new Date(1_030_000).toISOString(),
      },
    ]);
    clock += 30_000;
  });

  it("tries the provider again after the window, and a success closes it", async () => {
    const { driver } = hangingDriver();
    const key = { provider: "hanging", endpoint: "recovering" };
    const hanging = createLlmClient({
      driver,
      models: { default: "m", fast: "m" },
      timeoutMs: 50,
      maxOutputTokens: 100,
      breaker: providerBreaker(key, { openMs: 100 }),
    });
    await failureOf(hanging.structured(request));
    expect((await failureOf(hanging.structured(request))).code).toBe("llm_circuit_open");

    // Waits on the breaker's own reported window (its retryAfter), not on a guess of how long it lasts.
    const retryAfter = providerConditions().find((c) => c.provider === "hanging")?.retryAfter;
    expect(retryAfter).toBeDefined();
    await waitUntil("the open breaker's window to pass", () => Date.now() > Date.parse(retryAfter ?? "") + 1);
    const answering = createLlmClient({
      driver: answeringDriver(),
      models: { default: "m", fast: "m" },
      timeoutMs: 5_000,
      maxOutputTokens: 100,
      breaker: providerBreaker(key, { openMs: 100 }),
    });
    expect((await answering.structured(request)).value).toEqual({ ok: true });
    expect(providerConditions().find((c) => c.provider === "hanging")?.state).toBe("ok");
  });

  it("is not opened by a model that answers nonsense (the provider is up)", async () => {
    const nonsense: ModelDriver = {
      provider: "nonsense",
      complete: async (_r, counter) => {
        counter.attempts += 1;
        return {
          model: "m",
          text: "no tool",
          toolCalls: [],
          stopReason: "end",
          inputTokens: 1,
          outputTokens: 1,
        };
      },
    };
    const llm = createLlmClient({
      driver: nonsense,
      models: { default: "m", fast: "m" },
      timeoutMs: 5_000,
      maxOutputTokens: 100,
      breaker: providerBreaker({ provider: "nonsense", endpoint: "x" }, { openMs: 30_000 }),
    });
    await expect(llm.structured(request)).rejects.toMatchObject({ code: "llm_output_invalid" });
    await expect(llm.structured(request)).rejects.toMatchObject({ code: "llm_output_invalid" });
    expect(providerConditions().find((c) => c.provider === "nonsense")?.state).toBe("ok");
  });
});

describe("a call's deadline", () => {
  it("bounds the call's whole budget by what is left before the caller's deadline", async () => {
    const { driver, seen } = hangingDriver();
    const llm = createLlmClient({
      driver,
      models: { default: "m", fast: "m" },
      timeoutMs: 60_000,
      maxOutputTokens: 100,
    });
    const started = Date.now();
    const failure = await failureOf(llmWithDeadline(llm, started + 80).structured(request));
    expect(failure.code).toBe("llm_timeout");
    // The driver was told the reduced budget (plus the attempt's grace), not the configured minute.
    expect(seen[0]?.timeoutMs).toBeLessThanOrEqual(80 + 1_000);
  });

  it("sends nothing when no time is left", async () => {
    const { driver, seen } = hangingDriver();
    const llm = createLlmClient({
      driver,
      models: { default: "m", fast: "m" },
      timeoutMs: 60_000,
      maxOutputTokens: 100,
    });
    const failure = await failureOf(llmWithDeadline(llm, Date.now() - 1).structured(request));
    expect(failure.code).toBe("llm_no_time_left");
    expect(seen).toHaveLength(0);
  });
});
