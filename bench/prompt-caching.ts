/**
 * Prompt caching (issue 35): the input tokens billed for a campaign chat agent loop (three turns, its
 * tools and the tenant's vocabulary in the prefix), a five-item shop run (each item's query, rank and
 * reason steps, with their real prompts) and a negotiation round (seed 003's "accept" email through the
 * local workflow: classifier, experts, orchestrator, crafter), sent through the official Anthropic SDK to
 * the fake LLM server. "without cache" is the server billing every input token in full (what requests
 * without cache marks paid); "with cache" is the server honouring the marks the driver now sends, with
 * Anthropic's prices for the parts: uncached ×1, cache writes ×1.25, cache reads ×0.1. The fake counts 4
 * characters a token and caches prefixes of 1,024 tokens or more (Sonnet's minimum). The shop's three
 * steps share one prefix (their three tools, the substitution agent's system prompt); a negotiation round
 * keeps seed 003's focused prompt per role (four calls cannot earn back a shared prefix's cache write).
 *
 *   npx tsx bench/prompt-caching.ts
 */
import { startFakeLlmServer } from "../dev/fake-llm";
import type { LlmPort } from "../functions/core/llm/llm-port";
import { createUsageRecorder, type UsageTotals } from "../functions/core/llm/usage-recorder";
import { recordingUsage } from "../functions/core/llm/usage-recording-llm";
import { agentLoop, ITEMS, negotiationRound, portAt, script, shopRun } from "./lib/model-scenarios";

/** Anthropic's billing of the input: uncached ×1, cache writes ×1.25, cache reads ×0.1. */
const billed = (t: UsageTotals): number => {
  const read = t.cachedInputTokens ?? 0;
  const write = t.cacheWriteInputTokens ?? 0;
  return Math.round(t.inputTokens - read - write + 1.25 * write + 0.1 * read);
};

const measure = async (promptCache: boolean, run: (llm: LlmPort) => Promise<void>): Promise<UsageTotals> => {
  const server = await startFakeLlmServer({ script: script(), promptCache });
  try {
    const recorder = createUsageRecorder();
    await run(recordingUsage(portAt(server.url), recorder));
    const marked = server.requests.filter((r) =>
      JSON.stringify(r.body.system ?? "").includes("cache_control"),
    );
    if (marked.length !== server.requests.length) throw new Error("a request went out without cache marks");
    return recorder.totals();
  } finally {
    await server.close();
  }
};

const rows: string[] = [];
for (const [label, run] of [
  ["campaign chat agent loop (3 turns)", agentLoop],
  [`shop run, ${ITEMS} items (query, rank, reason)`, shopRun],
  ["negotiation round (seed 003 accept)", negotiationRound],
] as const) {
  const before = await measure(false, run);
  const after = await measure(true, run);
  const saved = 1 - billed(after) / billed(before);
  rows.push(
    `${label}: ${after.calls} calls, ${after.inputTokens} input tokens; billed without cache ${billed(before)}, ` +
      `with cache ${billed(after)} (${after.cachedInputTokens ?? 0} read, ${after.cacheWriteInputTokens ?? 0} written): ` +
      `${(saved * 100).toFixed(0)}% less`,
  );
}
process.stdout.write(`${rows.join("\n")}\n`);
