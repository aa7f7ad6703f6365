/**
 * Wall time of one agent turn whose tools are slow, against the slowest tool alone and against the sum
 * of all tools (what running them one after another would cost). The model answers instantly.
 *
 *   npx tsx bench/llm-tool-concurrency.ts
 */
import { z } from "zod";
import { defineTool } from "../functions/core/agent/define-tool";
import { runAgent } from "../functions/core/agent/run-agent";
import { createFakeLlm } from "../tests/support/llm/fake-llm";
import { median } from "./lib/stats";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const slowTool = (name: string, delayMs: number) =>
  defineTool({
    name,
    description: `${name}, takes ${delayMs} ms`,
    input: z.object({}),
    run: async () => {
      await sleep(delayMs);
      return `${name} done`;
    },
  });

const measureTurn = async (delays: number[], runs: number) => {
  const tools = delays.map((delay, i) => slowTool(`tool_${i + 1}`, delay));
  const walls: number[] = [];
  for (let run = 0; run < runs; run++) {
    const llm = createFakeLlm().onTurn([
      { toolCalls: tools.map((tool) => ({ name: tool.name, arguments: {} })) },
      { text: "all done" },
    ]);
    const started = performance.now();
    const result = await runAgent({
      llm,
      system: "bench",
      messages: [{ role: "user", content: "go" }],
      tools,
      maxIterations: 2,
    });
    walls.push(performance.now() - started);
    if (result.status !== "completed") throw new Error(`unexpected status ${result.status}`);
  }
  const slowestAlone: number[] = [];
  const slowest = Math.max(...delays);
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await sleep(slowest);
    slowestAlone.push(performance.now() - started);
  }
  return {
    delays,
    wall: median(walls),
    slowestAlone: median(slowestAlone),
    sequentialSum: delays.reduce((a, b) => a + b, 0),
  };
};

console.log("One turn with several slow tools (median of 10 runs)");
console.log(
  "tools (delays ms)         | turn wall ms | slowest tool alone ms | sum of delays ms | wall / slowest",
);
for (const [label, delays] of [
  ["3 tools (100 each)", [100, 100, 100]],
  ["5 tools (50 to 250)", [50, 100, 150, 200, 250]],
  ["10 tools (200 each)", Array.from({ length: 10 }, () => 200)],
] as const) {
  const row = await measureTurn([...delays], 10);
  console.log(
    `${label.padEnd(25)} | ${row.wall.toFixed(1).padStart(12)} | ${row.slowestAlone.toFixed(1).padStart(21)} | ${String(row.sequentialSum).padStart(16)} | ${(row.wall / row.slowestAlone).toFixed(3)}`,
  );
}
