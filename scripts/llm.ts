/**
 * `npm run llm -- ping [--fast]`: one structured call (schema `ping`, shape `{ "message": string }`) with
 * the provider the environment configures. Prints the value and the usage and exits 0; on failure prints
 * one line with the reason (the provider's message, no stack) and exits 1.
 */
import { z } from "zod";
import { createLlm } from "../functions/core/llm/create-llm";
import { readLlmConfig } from "../functions/core/llm/llm-config";
import type { LlmUsage } from "../functions/core/llm/llm-port";

const pingSchema = z.object({ message: z.string().min(1) });

const USAGE_TEXT = "usage: npm run llm -- ping [--fast]";

const formatUsage = (usage: LlmUsage): string =>
  [
    `provider=${usage.provider}`,
    `model=${usage.model}`,
    `input_tokens=${usage.inputTokens}`,
    `output_tokens=${usage.outputTokens}`,
    `latency_ms=${usage.latencyMs}`,
    `attempts=${usage.attempts}`,
  ].join(" ");

const ping = async (fast: boolean): Promise<void> => {
  const llm = createLlm(readLlmConfig(process.env), { logger: null });
  const { value, usage } = await llm.structured({
    schema: pingSchema,
    schemaName: "ping",
    description: "Answer a health check.",
    system: "You answer health checks of an application's connection to you.",
    messages: [{ role: "user", content: "Health check: call ping with a short greeting as message." }],
    model: fast ? "fast" : "default",
  });
  process.stdout.write(`value: ${JSON.stringify(value)}\nusage: ${formatUsage(usage)}\n`);
};

const main = async (): Promise<number> => {
  const [command, ...flags] = process.argv.slice(2);
  if (command !== "ping") {
    process.stderr.write(`${USAGE_TEXT}\n`);
    return 2;
  }
  try {
    await ping(flags.includes("--fast"));
    return 0;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(`llm ping failed: ${reason.replace(/\s+/g, " ").trim()}\n`);
    return 1;
  }
};

process.exitCode = await main();
