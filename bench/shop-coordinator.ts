/**
 * The grocery coordinator's workflow (statemachines/shop-coordinator.asl.json) run whole in the local
 * runner: DynamoDB Local, the simulated store in real Chromium, the LLM steps through the official OpenAI
 * SDK against the fake LLM server answering every call after a simulated 1 s of model latency.
 * A run with 20 unavailable items (issue 9's figure: the catalog's 15 unavailable products and 5 more the
 * bench marks unavailable) against a run with one: the Map fans the items out, so the wall time should grow
 * far less than the item count (the seed's sequential loop grows with it). Also: browser contexts, page
 * loads, LLM calls and tokens per run, and where the time goes (per state: count, summed and longest time;
 * BENCH_PROFILE=1).   npx tsx bench/shop-coordinator.ts
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
import type { WorkflowStep } from "../functions/core/workflow/workflow-port";
import { createDynamoShopRunRepository } from "../functions/shop/adapters/dynamo-shop-run-repository";
import type { StoreSession } from "../functions/shop/adapters/store";
import { containerStoreBrowser, launchChromium } from "../functions/shop/adapters/store/playwright";
import { runOptionsSchema } from "../functions/shop/domain/runs/shop-run";
import { buildHeuristicQueries } from "../functions/shop/domain/substitution/query-generator";
import { startRunWorkflow } from "../functions/shop/domain/use-cases/start-run-workflow";
import { allWorkflows } from "../lib/areas";
import { descendantCpuSeconds } from "./lib/process-cpu";
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
const ITEMS = Number(process.env.BENCH_ITEMS ?? 20);
// The catalog has 15 unavailable products: the bench marks more unavailable, each one that has products
// of its own category to stand in for it (so every item's search finds candidates, as a real cart's would).
const catalog = loadCatalog();
const unavailableIds = new Set(catalog.products.filter((p) => !p.available).map((p) => p.productId));
for (const product of catalog.products) {
  if (unavailableIds.size >= ITEMS) break;
  if (unavailableIds.has(product.productId)) continue;
  const sameCategory = catalog.products.filter((p) => p.categoryId === product.categoryId && p.available);
  const categoryTaken = catalog.products.some(
    (p) => unavailableIds.has(p.productId) && p.categoryId === product.categoryId,
  );
  if (sameCategory.length >= 4 && !categoryTaken) unavailableIds.add(product.productId);
}
const benchCatalog = {
  ...catalog,
  products: catalog.products.map((p) => ({
    ...p,
    available: p.available && !unavailableIds.has(p.productId),
  })),
};
const store = await startSimulatedStore({ port: 0, catalog: benchCatalog });

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
    if (request.forcedToolName === "explain_substitutes") {
      const ids = [
        ...new Set([...JSON.stringify(request.body).matchAll(/productId: (\d+)/g)].map((m) => m[1])),
      ];
      return reply("explain_substitutes", {
        reasons: ids.map((productId) => ({ productId, reason: "Marca própria, melhor €/kg" })),
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

// Count what the steps open in the container's one browser: store sessions, the contexts (one page each)
// Chromium had to make for them (the others reused an idle one), and page loads.
// Page reads are the tools' readPage calls; navigations the ones Chromium loaded as pages (search pages are
// read from their HTML without one).
const counters = { contexts: 0, newContexts: 0, pageLoads: 0, navigations: 0, forms: 0 };
// Made here first, so the steps share it. BENCH_IDLE_SESSIONS=0 measures without the idle-session reuse,
// BENCH_MAX_SESSIONS=0 without the bound on open sessions.
const browser = containerStoreBrowser({
  storeUrl: new URL(store.url),
  timeoutMs: 30_000,
  // Chromium as the steps get it, counting the contexts it really makes (reused sessions make none).
  launch: async () => {
    const chromium = await launchChromium(new URL(store.url), 30_000);
    const newContext = chromium.newContext.bind(chromium);
    chromium.newContext = async (...args) => {
      counters.newContexts += 1;
      const context = await newContext(...args);
      context.on("page", (page) =>
        page.on("framenavigated", (frame) => {
          if (frame === page.mainFrame() && frame.url() !== "about:blank") counters.navigations += 1;
        }),
      );
      return context;
    };
    return chromium;
  },
  ...(process.env.BENCH_IDLE_SESSIONS === undefined
    ? {}
    : { idleSessions: Number(process.env.BENCH_IDLE_SESSIONS) }),
  ...(process.env.BENCH_MAX_SESSIONS === undefined
    ? {}
    : { maxOpenSessions: Number(process.env.BENCH_MAX_SESSIONS) || Number.POSITIVE_INFINITY }),
});
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
const unavailable = benchCatalog.products.filter((product) => !product.available).slice(0, ITEMS);
if (unavailable.length < ITEMS)
  throw new Error(`only ${unavailable.length} unavailable products, not ${ITEMS}`);

interface Figures {
  items: number;
  wallMs: number;
  contexts: number;
  newContexts: number;
  pageLoads: number;
  navigations: number;
  llmCalls: number;
  tokens: number;
  steps: WorkflowStep[];
  /** CPU seconds the run took, by process kind (bench/lib/process-cpu.ts). */
  cpu: Record<string, number>;
}

const runOnce = async (items: number, maxConcurrency: number, label: string): Promise<Figures> => {
  const householdId = `bench-${label}-${randomUUID().slice(0, 8)}`;
  store.seedHousehold(householdId, {
    cart: unavailable.slice(0, items).map((product) => ({ productId: product.productId, quantity: 1 })),
  });
  const runs = createDynamoShopRunRepository(table.forTenant(householdId));
  const before = { ...counters };
  const cpuBefore = descendantCpuSeconds();
  const started = performance.now();
  const { runId } = await startRunWorkflow(
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
  const cpuAfter = descendantCpuSeconds();
  const cpu = Object.fromEntries(
    Object.entries(cpuAfter).map(([kind, seconds]) => [kind, seconds - (cpuBefore[kind] ?? 0)]),
  );
  const result = (await runs.getRun(runId))?.result;
  if (execution.status !== "SUCCEEDED" || !result) throw new Error(`run ${label} ended ${execution.status}`);
  if (result.totalUnavailable !== items)
    throw new Error(`run ${label}: ${result.totalUnavailable} items, not ${items}`);
  return {
    items,
    wallMs,
    contexts: counters.contexts - before.contexts,
    newContexts: counters.newContexts - before.newContexts,
    pageLoads: counters.pageLoads - before.pageLoads,
    navigations: counters.navigations - before.navigations,
    llmCalls: result.usage.calls,
    tokens: result.usage.inputTokens + result.usage.outputTokens,
    steps: execution.steps,
    cpu,
  };
};

/** Per state: how often it ran, its summed and its longest time (states in the Map overlap). */
const profile = (label: string, f: Figures): void => {
  const byState = new Map<string, { count: number; totalMs: number; maxMs: number }>();
  for (const step of f.steps) {
    if (!step.exitedAt) continue;
    const ms = Date.parse(step.exitedAt) - Date.parse(step.enteredAt);
    const entry = byState.get(step.name) ?? { count: 0, totalMs: 0, maxMs: 0 };
    entry.count += 1;
    entry.totalMs += ms;
    entry.maxMs = Math.max(entry.maxMs, ms);
    byState.set(step.name, entry);
  }
  const cpu = Object.entries(f.cpu)
    .filter(([, seconds]) => seconds > 0.05)
    .map(([kind, seconds]) => `${kind} ${seconds.toFixed(1)} s`)
    .join(", ");
  console.log(`\nwhere the time goes, ${label} (wall ${(f.wallMs / 1000).toFixed(1)} s; CPU: ${cpu}):`);
  console.log("| state | runs | summed s | longest s |");
  console.log("|---|---|---|---|");
  for (const [name, entry] of [...byState.entries()].sort((a, b) => b[1].totalMs - a[1].totalMs)) {
    if (entry.totalMs < 50) continue;
    console.log(
      `| ${name} | ${entry.count} | ${(entry.totalMs / 1000).toFixed(1)} | ${(entry.maxMs / 1000).toFixed(1)} |`,
    );
  }
};

const measure = async (items: number, maxConcurrency: number, label: string): Promise<Figures> => {
  const samples: Figures[] = [];
  for (let i = 0; i < REPEATS; i++) samples.push(await runOnce(items, maxConcurrency, label));
  const wallMs = median(samples.map((s) => s.wallMs));
  // The sample nearest the median stands for the run in the profile.
  const typical = [...samples].sort((a, b) => Math.abs(a.wallMs - wallMs) - Math.abs(b.wallMs - wallMs))[0];
  return { ...(typical as Figures), wallMs };
};

await runOnce(1, 20, "warmup"); // Chromium launch and module loads are not the workflow's cost.
const one = await measure(1, 20, "one");
const many = await measure(unavailable.length, 20, "many");
const sequential =
  process.env.BENCH_SEQUENTIAL === "0" ? undefined : await measure(unavailable.length, 1, "sequential");

const row = (label: string, f: Figures) =>
  `| ${label} | ${f.items} | ${(f.wallMs / 1000).toFixed(1)} | ${f.contexts} | ${f.newContexts} | ${f.pageLoads} | ${f.navigations} | ${f.llmCalls} | ${(f.llmCalls / f.items).toFixed(1)} | ${Math.round(f.tokens / f.items)} |`;
console.log(
  `shop-coordinator workflow, model latency ${MODEL_LATENCY_MS} ms a call, median of ${REPEATS} runs`,
);
console.log(
  "| run | unavailable items | wall s | store sessions | new browser contexts (= pages) | page reads | of which page loads in Chromium | LLM calls | calls/item | tokens/item |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|");
console.log(row("1 item", one));
console.log(row(`${many.items} items, MaxConcurrency 20`, many));
if (sequential) console.log(row(`${sequential.items} items, MaxConcurrency 1 (the seed's loop)`, sequential));
console.log(
  `wall-time ratio ${many.items} items / 1 item: ${(many.wallMs / one.wallMs).toFixed(2)}` +
    (sequential ? ` (sequential: ${(sequential.wallMs / one.wallMs).toFixed(2)})` : ""),
);
if (process.env.BENCH_PROFILE === "1") {
  profile("1 item", one);
  profile(`${many.items} items`, many);
}

await runner.stop();
await browser.close();
table.destroy();
await llm.close();
await store.close();
client.destroy();
await dynamo.stop();
