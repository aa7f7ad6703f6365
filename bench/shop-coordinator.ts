/**
 * The grocery coordinator's workflow (statemachines/shop-coordinator.asl.json) run whole in the local
 * runner: DynamoDB Local, the simulated store in real Chromium, the LLM steps through the official OpenAI
 * SDK against the fake LLM server answering every call after a simulated 1 s of model latency.
 * A run with every unavailable item the catalog has against a run with one: the Map fans the items out,
 * so the wall time should grow far less than the item count (the seed's sequential loop grows with it).
 * Also: browser contexts, page loads and LLM calls and tokens per run.   npx tsx bench/shop-coordinator.ts
 */
import "../dev/polyfills";
import { randomUUID } from "node:crypto";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { createAppTable as createLocalTable } from "../dev/create-table";
import { LOCAL_AWS_ENV, startDynamoDbLocal } from "../dev/dynamodb-local";
import { routeByToolName, startFakeLlmServer } from "../dev/fake-llm";
import type { FakeLlmRequest } from "../dev/fake-llm/fake-llm-script";
import { loadCatalog } from "../dev/store/catalog";
import { startSimulatedStore } from "../dev/store/start-simulated-store";
import { createLocalWorkflowRunner } from "../dev/workflow-runner";
import { createAppTable } from "../functions/core/db/app-table";
import { createDynamoShopRunRepository } from "../functions/shop/coordinator/adapters/dynamo-shop-run-repository";
import { buildHeuristicQueries } from "../functions/shop/coordinator/domain/query-generator";
import { runOptionsSchema } from "../functions/shop/coordinator/domain/shop-run";
import { startShopRun } from "../functions/shop/coordinator/domain/use-cases/start-run";
import { containerStoreBrowser } from "../functions/shop/store/playwright-store-browser";
import type { StoreSession } from "../functions/shop/store/store-browser";
import { allWorkflows } from "../lib/areas";
import { median } from "./lib/stats";

const MODEL_LATENCY_MS = Number(process.env.BENCH_MODEL_LATENCY_MS ?? 1000);
const REPEATS = Number(process.env.BENCH_RUNS ?? 2);

const dynamo = await startDynamoDbLocal();
Object.assign(process.env, LOCAL_AWS_ENV);
const client = new DynamoDBClient({
  endpoint: dynamo.endpoint,
  region: LOCAL_AWS_ENV.AWS_REGION,
  credentials: {
    accessKeyId: LOCAL_AWS_ENV.AWS_ACCESS_KEY_ID,
    secretAccessKey: LOCAL_AWS_ENV.AWS_SECRET_ACCESS_KEY,
  },
});
const tableName = `bench-${randomUUID()}`;
await createLocalTable(client, tableName);
const store = await startSimulatedStore({ port: 0 });

const reply = (name: string, args: unknown) => ({
  reply: { toolCalls: [{ name, arguments: args }], usage: { inputTokens: 450, outputTokens: 150 } },
  delayMs: MODEL_LATENCY_MS,
});
const llm = await startFakeLlmServer({
  script: routeByToolName({}, (request: FakeLlmRequest) => {
    if (request.forcedToolName === "generate_search_query") {
      const name = request.lastMessageText.match(/name: (.+)/)?.[1]?.trim() ?? "";
      return reply("generate_search_query", {
        ...buildHeuristicQueries({ productName: name }),
        reasoning: "",
      });
    }
    if (request.forcedToolName === "rank_substitutes_by_value") {
      const ids = [
        ...new Set([...JSON.stringify(request.body).matchAll(/productId: (\d+)/g)].map((m) => m[1])),
      ];
      return reply("rank_substitutes_by_value", {
        rankings: ids.map((productId, index) => ({
          productId,
          rank: index + 1,
          valueScore: Math.max(0.1, 0.9 - index * 0.05),
          brandPreference: "store",
          recommendation: "strong",
          reason: "Marca própria, bom €/kg",
        })),
        summary: "ok",
      });
    }
    return reply("prune_stock", { proposals: [] });
  }),
});

Object.assign(process.env, {
  TABLE_NAME: tableName,
  DYNAMODB_ENDPOINT: dynamo.endpoint,
  STORE_URL: store.url,
  STORE_TIMEOUT_MS: "30000",
  LLM_PROVIDER: "openai",
  OPENAI_BASE_URL: llm.openaiBaseUrl,
  OPENAI_API_KEY: "bench",
  LLM_MAX_RETRIES: "0",
  LLM_TIMEOUT_MS: "60000",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "SILENT",
});

// Count what the steps open in the container's one browser: contexts (one page each) and page loads.
const counters = { contexts: 0, pageLoads: 0, forms: 0 };
const browser = containerStoreBrowser({ storeUrl: new URL(store.url), timeoutMs: 30_000 });
const openSession = browser.openSession.bind(browser);
browser.openSession = async (options) => {
  const session: StoreSession = await openSession(options);
  counters.contexts += 1;
  const readPage = session.readPage.bind(session);
  const sendForm = session.sendForm.bind(session);
  session.readPage = (...args) => {
    counters.pageLoads += 1;
    return readPage(...args);
  };
  session.sendForm = (...args) => {
    counters.forms += 1;
    return sendForm(...args);
  };
  return session;
};

const runner = await createLocalWorkflowRunner({
  workflows: allWorkflows().filter((workflow) => workflow.name === "shop-coordinator"),
});
const table = createAppTable({ TABLE_NAME: tableName, DYNAMODB_ENDPOINT: dynamo.endpoint });
const unavailable = loadCatalog().products.filter((product) => !product.available);

interface Figures {
  items: number;
  wallMs: number;
  contexts: number;
  pageLoads: number;
  llmCalls: number;
  tokens: number;
}

const runOnce = async (items: number, maxConcurrency: number, label: string): Promise<Figures> => {
  const householdId = `bench-${label}-${randomUUID().slice(0, 8)}`;
  store.seedHousehold(householdId, {
    cart: unavailable.slice(0, items).map((product) => ({ productId: product.productId, quantity: 1 })),
  });
  const runs = createDynamoShopRunRepository(table.forTenant(householdId));
  const before = { ...counters };
  const started = performance.now();
  const { runId } = await startShopRun(
    {
      runs,
      workflows: runner,
      newRunId: () => `run_${randomUUID().replaceAll("-", "")}`,
      now: () => new Date(),
    },
    { tenant: householdId, householdId, options: runOptionsSchema.parse({ maxConcurrency }) },
  );
  const header = await runs.getRun(runId);
  const execution = await runner.waitForExecution(header?.executionId ?? "");
  const wallMs = performance.now() - started;
  const result = (await runs.getRun(runId))?.result;
  if (execution.status !== "SUCCEEDED" || !result) throw new Error(`run ${label} ended ${execution.status}`);
  if (result.totalUnavailable !== items)
    throw new Error(`run ${label}: ${result.totalUnavailable} items, not ${items}`);
  return {
    items,
    wallMs,
    contexts: counters.contexts - before.contexts,
    pageLoads: counters.pageLoads - before.pageLoads,
    llmCalls: result.usage.calls,
    tokens: result.usage.inputTokens + result.usage.outputTokens,
  };
};

const measure = async (items: number, maxConcurrency: number, label: string): Promise<Figures> => {
  const samples: Figures[] = [];
  for (let i = 0; i < REPEATS; i++) samples.push(await runOnce(items, maxConcurrency, label));
  return { ...(samples[0] as Figures), wallMs: median(samples.map((s) => s.wallMs)) };
};

await runOnce(1, 20, "warmup"); // Chromium launch and module loads are not the workflow's cost.
const one = await measure(1, 20, "one");
const many = await measure(unavailable.length, 20, "many");
const sequential = await measure(unavailable.length, 1, "sequential");

const row = (label: string, f: Figures) =>
  `| ${label} | ${f.items} | ${(f.wallMs / 1000).toFixed(1)} | ${f.contexts} | ${f.pageLoads} | ${f.llmCalls} | ${(f.llmCalls / f.items).toFixed(1)} | ${Math.round(f.tokens / f.items)} |`;
console.log(
  `shop-coordinator workflow, model latency ${MODEL_LATENCY_MS} ms a call, median of ${REPEATS} runs`,
);
console.log(
  "| run | unavailable items | wall s | browser contexts (= pages) | page loads | LLM calls | calls/item | tokens/item |",
);
console.log("|---|---|---|---|---|---|---|---|");
console.log(row("1 item", one));
console.log(row(`${many.items} items, MaxConcurrency 20`, many));
console.log(row(`${sequential.items} items, MaxConcurrency 1 (the seed's loop)`, sequential));
console.log(
  `wall-time ratio ${many.items} items / 1 item: ${(many.wallMs / one.wallMs).toFixed(2)} (sequential: ${(sequential.wallMs / one.wallMs).toFixed(2)})`,
);

await runner.stop();
await browser.close();
table.destroy();
await llm.close();
await store.close();
client.destroy();
await dynamo.stop();
