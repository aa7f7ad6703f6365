/**
 * What one structured call costs through the real provider code (official SDK, HTTP on loopback) against
 * the local fake LLM server, per provider: the floor under every LLM call, the model's time excluded.
 *
 *   npx tsx bench/llm-sdk-round-trip.ts
 */
import { z } from "zod";
import { startFakeLlmServer } from "../dev/fake-llm/fake-llm-server";
import { createLlm } from "../functions/core/llm/create-llm";
import { readLlmConfig } from "../functions/core/llm/llm-config";
import { median, percentile } from "./lib/stats";

const server = await startFakeLlmServer({
  script: () => ({ reply: { toolCalls: [{ name: "ping", arguments: { message: "pong" } }] } }),
});
const request = {
  schema: z.object({ message: z.string() }),
  schemaName: "ping",
  system: "bench",
  messages: [{ role: "user" as const, content: "ping" }],
};
const envs = {
  anthropic: { LLM_PROVIDER: "anthropic", ANTHROPIC_API_KEY: "bench", ANTHROPIC_BASE_URL: server.url },
  openai: { LLM_PROVIDER: "openai", OPENAI_API_KEY: "bench", OPENAI_BASE_URL: server.openaiBaseUrl },
};

console.log(
  "Structured call through the official SDK against the local fake server (500 calls after 50 warm-up)",
);
console.log("provider  | median ms | p95 ms | calls/s sequential");
try {
  for (const [provider, env] of Object.entries(envs)) {
    const llm = createLlm(readLlmConfig(env), { logger: null });
    for (let i = 0; i < 50; i++) await llm.structured(request);
    const samples: number[] = [];
    const started = performance.now();
    for (let i = 0; i < 500; i++) {
      const t = performance.now();
      await llm.structured(request);
      samples.push(performance.now() - t);
    }
    const perSecond = 500 / ((performance.now() - started) / 1000);
    console.log(
      `${provider.padEnd(9)} | ${median(samples).toFixed(2).padStart(9)} | ${percentile(samples, 95).toFixed(2).padStart(6)} | ${perSecond.toFixed(0).padStart(18)}`,
    );
  }
} finally {
  await server.close();
}
