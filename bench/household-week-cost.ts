/**
 * What one household's week costs in model calls (issue 47): three variants by instruction, one five-item
 * shop run, five kitchen-chat messages, one campaign question and one negotiation round, each through the
 * area's real prompts and the official Anthropic SDK against the fake LLM server (dev/fake-llm), whose
 * good model answers each call from its request (bench/lib/model-scenarios.ts) and counts 4 characters a
 * token, output included. Each area runs twice: with the server's prompt cache off (every input token in
 * full) and on (the marks the driver sends: the tools-and-system prefix, and an agent loop's growing
 * conversation once the model has answered). The prices are bench/fixtures/llm-list-prices.json: the
 * Anthropic columns bill cache writes at their price; the OpenAI columns take the same token counts with
 * writes at the input price (OpenAI caches by itself and bills no write).
 *
 *   npm run bench -- cost        (or npx tsx bench/household-week-cost.ts)
 */

import cookDemo from "../dev/demo/cook-demo.json" with { type: "json" };
import { type FakeLlmRequest, type FakeLlmStep, startFakeLlmServer } from "../dev/fake-llm";
import { createKitchenChatAgent } from "../functions/cook/adapters/kitchen-chat-agent";
import { createLlmPatchOpsGenerator } from "../functions/cook/adapters/llm-patch-ops-generator";
import { createKitchenChatOperations } from "../functions/cook/domain/kitchen-chat/kitchen-chat-operations";
import { kitchenChatSystemPrompt } from "../functions/cook/domain/kitchen-chat/kitchen-chat-system-prompt";
import type { Recipe } from "../functions/cook/domain/recipes/recipe";
import { KITCHEN_CHAT_MAX_ITERATIONS } from "../functions/cook/domain/use-cases/run-kitchen-chat";
import type { LlmPort } from "../functions/core/llm/llm-port";
import { createUsageRecorder, type UsageTotals } from "../functions/core/llm/usage-recorder";
import { recordingUsage } from "../functions/core/llm/usage-recording-llm";
import type { LoggerPort } from "../functions/core/logger-port";
import { createKitchenDeps, FRIDAY_DINNER, PLAN_ID } from "../tests/support/cook/kitchen-plan";
import { costOf, type LlmListPrice, readLlmListPrices } from "./lib/llm-list-prices";
import {
  agentLoop,
  ITEMS,
  negotiationRound,
  portAt,
  script as shopCampaignNegotiationModel,
  shopRun,
} from "./lib/model-scenarios";

const silent = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
} as unknown as LoggerPort;
const call = (name: string, args: unknown): FakeLlmStep => ({
  reply: { toolCalls: [{ name, arguments: args }] },
});
const toolResultsIn = (request: FakeLlmRequest) =>
  JSON.stringify(request.body.messages).split('"tool_result"').length - 1;

const VARIANTS = ["double it for guests", "make it for 6 people", "halve it, just the two of us"];
const KITCHEN_MESSAGES = [
  "make Friday's dinner for 6",
  "double the stir fry on Friday",
  "Friday dinner: scale it for 8",
  "halve Friday's dinner",
  "make Friday dinner serve 3",
];

/** The cook's calls answered as a good model would; everything else as bench/lib/model-scenarios.ts. */
const weekModel = () => {
  const others = shopCampaignNegotiationModel();
  return (request: FakeLlmRequest): FakeLlmStep => {
    if (request.forcedToolName === "generate_patch_ops") {
      return call("generate_patch_ops", {
        ops: [{ op: "scale_servings", scale_factor: 2, reason: "The cook asked for more servings." }],
        needs_clarification: false,
        clarification_message: null,
      });
    }
    if (request.toolNames.includes("get_plan")) {
      const results = toolResultsIn(request);
      if (results === 0) return call("get_plan", { date: FRIDAY_DINNER.date });
      if (results === 1)
        return call("modify_recipe", {
          ...FRIDAY_DINNER,
          instruction: request.lastMessageText.slice(0, 200) || "double it",
        });
      return {
        reply: { text: "Done: Friday's dinner now serves more; the shopping list follows the plan." },
      };
    }
    return others(request);
  };
};

const variants = async (llm: LlmPort) => {
  const recipe = cookDemo.recipes[0] as Recipe;
  const generate = createLlmPatchOpsGenerator(llm);
  for (const instruction of VARIANTS) await generate({ recipe, instruction });
};

const kitchenChat = async (llm: LlmPort) => {
  const deps = await createKitchenDeps({ overrides: { patchOpsGenerator: createLlmPatchOpsGenerator(llm) } });
  const agent = createKitchenChatAgent(llm);
  for (const message of KITCHEN_MESSAGES) {
    const outcome = await agent({
      system: kitchenChatSystemPrompt("2025-01-01"),
      message,
      operations: createKitchenChatOperations(deps, PLAN_ID, message),
      executed: [],
      maxIterations: KITCHEN_CHAT_MAX_ITERATIONS,
      logger: silent,
    });
    if (outcome.kind !== "answered") throw new Error(`kitchen chat: ${JSON.stringify(outcome)}`);
  }
};

const AREAS: [string, (llm: LlmPort) => Promise<void>][] = [
  [`cook: ${VARIANTS.length} variants by instruction`, variants],
  [`cook: ${KITCHEN_MESSAGES.length} kitchen-chat messages`, kitchenChat],
  [`shop: one run of ${ITEMS} items`, shopRun],
  ["chat: one campaign question (agent loop)", agentLoop],
  ["negotiate: one round (seed 003 accept)", negotiationRound],
];

const measure = async (promptCache: boolean, run: (llm: LlmPort) => Promise<void>): Promise<UsageTotals> => {
  const server = await startFakeLlmServer({ script: weekModel(), promptCache });
  try {
    const recorder = createUsageRecorder();
    await run(recordingUsage(portAt(server.url), recorder));
    if (recorder.totals().failedCalls > 0) throw new Error("a model call failed");
    return recorder.totals();
  } finally {
    await server.close();
  }
};

const prices = readLlmListPrices();
const models = prices.models;
const totals = { without: [] as UsageTotals[], with: [] as UsageTotals[] };
const rows: string[] = [];
const usd = (n: number) => `$${n.toFixed(4)}`;
const costs = (t: UsageTotals) => models.map((m: LlmListPrice) => usd(costOf(t, m)));
for (const [label, run] of AREAS) {
  const without = await measure(false, run);
  const withCache = await measure(true, run);
  totals.without.push(without);
  totals.with.push(withCache);
  rows.push(
    `| ${label} | ${withCache.calls} | ${withCache.inputTokens} | ${withCache.cachedInputTokens ?? 0} | ${withCache.cacheWriteInputTokens ?? 0} | ${withCache.outputTokens} | ${costs(withCache).join(" | ")} | ${costs({ ...without, cachedInputTokens: 0, cacheWriteInputTokens: 0 }).join(" | ")} |`,
  );
}
const sum = (list: UsageTotals[]) =>
  list.reduce(
    (a, t) => ({
      calls: a.calls + t.calls,
      inputTokens: a.inputTokens + t.inputTokens,
      cachedInputTokens: a.cachedInputTokens + (t.cachedInputTokens ?? 0),
      cacheWriteInputTokens: a.cacheWriteInputTokens + (t.cacheWriteInputTokens ?? 0),
      outputTokens: a.outputTokens + t.outputTokens,
    }),
    { calls: 0, inputTokens: 0, cachedInputTokens: 0, cacheWriteInputTokens: 0, outputTokens: 0 },
  );
const week = sum(totals.with);
const weekWithout = { ...sum(totals.without), cachedInputTokens: 0, cacheWriteInputTokens: 0 };
rows.push(
  `| **the week** | ${week.calls} | ${week.inputTokens} | ${week.cachedInputTokens} | ${week.cacheWriteInputTokens} | ${week.outputTokens} | ${models.map((m) => `**${usd(costOf(week, m))}**`).join(" | ")} | ${costs(weekWithout as UsageTotals).join(" | ")} |`,
);

const heads = models.map((m) => `${m.model} (${m.tier})`);
console.log(
  `One household's week; prices per million tokens from ${models.map((m) => `${m.model} read ${m.read}`).join(", ")} (bench/fixtures/llm-list-prices.json)`,
);
console.log(
  `| area | calls | input tokens | of which cache reads | cache writes | output tokens | ${heads.map((h) => `${h}, cached`).join(" | ")} | ${heads.map((h) => `${h}, no cache`).join(" | ")} |`,
);
console.log(
  `|---|---:|---:|---:|---:|---:|${models.map(() => "---:").join("|")}|${models.map(() => "---:").join("|")}|`,
);
for (const row of rows) console.log(row);

// The goal (issue 47): a week at a fast model's prices, caching on, within $0.02.
const fast = models.filter((m) => m.tier === "fast");
const over = fast.filter((m) => costOf(week, m) > 0.02);
if (over.length > 0) {
  console.error(`over $0.02 a week: ${over.map((m) => `${m.model} ${usd(costOf(week, m))}`).join(", ")}`);
  process.exitCode = 1;
}
