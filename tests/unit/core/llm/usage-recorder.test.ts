import { describe, expect, it } from "vitest";
import { z } from "zod";
import { LlmUnavailable } from "../../../../functions/core/llm/llm-errors";
import type { LlmUsage } from "../../../../functions/core/llm/llm-port";
import { createUnavailableLlm } from "../../../../functions/core/llm/unavailable-llm";
import {
  createUsageRecorder,
  logUsageTotals,
  totalUsage,
} from "../../../../functions/core/llm/usage-recorder";
import { recordingUsage } from "../../../../functions/core/llm/usage-recording-llm";
import { createFakeLlm } from "../../../support/llm/fake-llm";

const usage = (overrides: Partial<LlmUsage>): LlmUsage => ({
  provider: "anthropic",
  model: "m1",
  kind: "structured",
  name: "x",
  toolCalls: [],
  inputTokens: 0,
  outputTokens: 0,
  latencyMs: 0,
  attempts: 1,
  requests: 1,
  outcome: "ok",
  ...overrides,
});

describe("totalUsage", () => {
  it("does not count offline calls (no provider configured) as failed", () => {
    const totals = totalUsage([
      usage({ provider: "none", model: "none", outcome: "error", errorCode: "llm_not_configured" }),
      usage({ outcome: "error", errorCode: "timeout" }),
    ]);
    expect(totals.calls).toBe(2);
    expect(totals.failedCalls).toBe(1);
  });

  it("sums tokens, latency, attempts and failures, and splits tokens by model", () => {
    const totals = totalUsage([
      usage({ model: "big", inputTokens: 100, outputTokens: 10, latencyMs: 900, attempts: 3 }),
      usage({ model: "small", inputTokens: 40, outputTokens: 4, latencyMs: 200 }),
      usage({
        model: "big",
        inputTokens: 60,
        outputTokens: 6,
        latencyMs: 700,
        requests: 2,
        outcome: "error",
      }),
    ]);
    expect(totals).toEqual({
      calls: 3,
      failedCalls: 1,
      inputTokens: 200,
      outputTokens: 20,
      latencyMs: 1800,
      attempts: 5,
      requests: 4,
      byModel: {
        big: { calls: 2, inputTokens: 160, outputTokens: 16 },
        small: { calls: 1, inputTokens: 40, outputTokens: 4 },
      },
    });
  });
});

describe("recordingUsage", () => {
  const ping = { schema: z.object({ message: z.string() }), schemaName: "ping", system: "s", messages: [] };

  it("records successful and failed calls of one request and logs their totals", async () => {
    const recorder = createUsageRecorder();
    const fake = createFakeLlm()
      .onStructured("ping", [{ message: "hi" }, new LlmUnavailable("down", { code: "llm_provider_error" })])
      .onTurn({ text: "ok" });
    const llm = recordingUsage(fake, recorder);

    await llm.structured(ping);
    await expect(llm.structured(ping)).rejects.toBeInstanceOf(LlmUnavailable);
    await llm.turn({ system: "s", messages: [], tools: [] });

    expect(recorder.entries().map((u) => [u.kind, u.outcome])).toEqual([
      ["structured", "ok"],
      ["structured", "error"],
      ["turn", "ok"],
    ]);
    const lines: Array<[string, Record<string, unknown>]> = [];
    const totals = logUsageTotals({ info: (m, extra) => lines.push([m, extra]) }, recorder, {
      requestId: "r1",
    });
    expect(totals).toMatchObject({ calls: 3, failedCalls: 1 });
    expect(lines).toEqual([["llm usage totals", { requestId: "r1", llmUsage: totals }]]);
  });

  it("records the offline port's refusals too, as calls, not failures", async () => {
    const recorder = createUsageRecorder();
    const llm = recordingUsage(createUnavailableLlm("no LLM provider is configured"), recorder);

    await expect(llm.structured(ping)).rejects.toMatchObject({
      code: "llm_not_configured",
      category: "unavailable",
    });
    expect(recorder.totals()).toMatchObject({ calls: 1, failedCalls: 0, attempts: 0 });
  });
});
