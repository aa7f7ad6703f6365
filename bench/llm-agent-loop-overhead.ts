/**
 * The agent loop's own cost per iteration, with a zero-latency model and an instant tool: everything
 * measured is the loop (tool validation, concurrency bookkeeping, envelopes, repeat detection, trace,
 * usage totals), not a model. Compared with calling the same model port directly the same number of times.
 *
 *   npx tsx bench/llm-agent-loop-overhead.ts
 */
import { z } from "zod";
import { defineTool } from "../functions/core/agent/define-tool";
import { runAgent } from "../functions/core/agent/run-agent";
import type { LlmPort, LlmUsage, TurnRequest, TurnResult } from "../functions/core/llm/llm-port";
import { median } from "./lib/stats";

const usage: LlmUsage = {
  provider: "bench",
  model: "zero-latency",
  kind: "turn",
  name: "bench",
  toolCalls: ["lookup"],
  inputTokens: 100,
  outputTokens: 10,
  latencyMs: 0,
  attempts: 1,
  requests: 1,
  outcome: "ok",
};

/** Answers every tool-allowed turn with `toolsPerTurn` fresh calls, and the answer-only turn with text. */
const zeroLatencyModel = (toolsPerTurn: number): LlmPort => {
  let sequence = 0;
  return {
    structured: () => Promise.reject(new Error("not used")),
    turn: async (request: TurnRequest): Promise<TurnResult> => {
      if (request.toolChoice === "none") {
        return {
          text: "done",
          toolCalls: [],
          stopReason: "end",
          message: { role: "assistant", content: "done" },
          usage,
        };
      }
      const toolCalls = Array.from({ length: toolsPerTurn }, () => {
        sequence += 1;
        return { id: `c${sequence}`, name: "lookup", arguments: { key: `k${sequence}`, limit: 10 } };
      });
      return {
        text: "",
        toolCalls,
        stopReason: "tool_calls",
        message: { role: "assistant", content: "", toolCalls },
        usage,
      };
    },
  };
};

const lookup = defineTool({
  name: "lookup",
  description: "Look a key up",
  input: z.object({ key: z.string(), limit: z.number().int().max(100) }),
  run: ({ key }) => ({ key, value: `value of ${key}` }),
});

const measure = async (iterations: number, toolsPerTurn: number, runs: number) => {
  const loopMicros: number[] = [];
  const directMicros: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const result = await runAgent({
      llm: zeroLatencyModel(toolsPerTurn),
      system: "bench",
      messages: [{ role: "user", content: "go" }],
      tools: [lookup],
      maxIterations: iterations,
    });
    const elapsed = performance.now() - started;
    if (result.status !== "capped" || result.iterations !== iterations) throw new Error("unexpected run");
    loopMicros.push((elapsed * 1000) / iterations);

    // The same model calls without the loop: what the loop adds is the difference.
    const model = zeroLatencyModel(toolsPerTurn);
    const directStarted = performance.now();
    for (let i = 0; i <= iterations; i++) {
      await model.turn({
        system: "bench",
        messages: [],
        tools: [lookup.spec],
        toolChoice: i === iterations ? "none" : "auto",
      });
    }
    directMicros.push(((performance.now() - directStarted) * 1000) / iterations);
  }
  const loop = median(loopMicros);
  const direct = median(directMicros);
  return { iterations, toolsPerTurn, loop, direct, overhead: loop - direct };
};

// Warm up the JIT so the first configuration is not penalised.
await measure(10, 1, 20);

const rows = [];
for (const [iterations, toolsPerTurn] of [
  [5, 1],
  [10, 1],
  [10, 5],
  [50, 1],
  [50, 5],
] as const) {
  rows.push(await measure(iterations, toolsPerTurn, 200));
}

console.log("Agent loop overhead per iteration (zero-latency model, instant tool; median of 200 runs)");
console.log("iterations | tools/turn | loop µs/iter | model-only µs/iter | loop overhead µs/iter");
for (const row of rows) {
  console.log(
    `${String(row.iterations).padStart(10)} | ${String(row.toolsPerTurn).padStart(10)} | ${row.loop.toFixed(1).padStart(12)} | ${row.direct.toFixed(1).padStart(18)} | ${row.overhead.toFixed(1).padStart(21)}`,
  );
}
