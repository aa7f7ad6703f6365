import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { startFakeLlmServer } from "../dev/fake-llm/fake-llm-server";
import { allFunctions, allRoutes, allWorkflows } from "../lib/areas";
import { bundleSize } from "../lib/bundling/bundle-size";
import { LAMBDA_BUNDLE_BUDGETS, sizeBudgetFor } from "../lib/bundling/lambda-budgets";
import { BUNDLE_ENTRY_FILE, bundleLambdas, defaultBundleRoot } from "../lib/bundling/lambda-bundle";
import type { FunctionDefinition } from "../lib/definition-types";
import { buildHttpApiEvent } from "../tests/support/http-api-event";
import { deployedLambdaEnvironment } from "./lib/lambda-environment";
import { median } from "./lib/stats";

/**
 * `npx tsx bench/lambda-init.ts [runs]` (also in `npm run bench`; `BENCH_TRACING=off` for a stage without tracing): bundles every function of every area
 * exactly as CDK deploys it (lib/bundling/lambda-bundle.ts), plus a minimal handler bundled the same way
 * as the baseline, and prints per function:
 * - the minified JS a cold start loads (entry + its static chunks) and the whole bundle (lazy chunks too),
 * - the median time to import the bundle (its init: config parse, clients, app) in a fresh Node process
 *   with the environment and Node options the deployed function has, and its init ratio: the median over
 *   rounds of its time over the baseline's in the same round (every round runs every function once, so a
 *   busy moment of the shared machine slows both sides of a ratio alike);
 * - for API functions, the first and second request to a GET route against a local DynamoDB stub: the
 *   first request's extra latency (connection opened, lazy chunks loaded) over a warm one.
 * Exits non-zero when a size or init budget (lib/bundling/lambda-budgets.ts) is broken. Prints the load
 * average before and after: figures from a machine busy with other jobs read as such.
 */

/** Rounds: at least 15, so one slow process moves no median. */
const runs = Math.max(15, Number(process.argv[2] ?? 15));
const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const loadBefore = loadAverage();
/** `BENCH_TRACING=off`: measure as a stage deployed with POWERTOOLS_TRACE_ENABLED=false would run. */
const tracingOverride: Record<string, string> =
  process.env.BENCH_TRACING === "off" ? { POWERTOOLS_TRACE_ENABLED: "false" } : {};
const run = promisify(execFile);
/** LarderFunction's NODE_OPTIONS: deployed functions load their source maps at cold start, so measure that. */
const childNodeOptions = ["--enable-source-maps"];
const RESULT_PREFIX = "LARDER_BENCH ";

/** The init ratio's baseline: the least a Larder Lambda does (zod config, Powertools), bundled as all are. */
const baseline: FunctionDefinition = {
  id: "MinimalLarderHandler",
  entry: "bench/fixtures/minimal-larder-handler.ts",
  handler: "handler",
  description: "baseline",
  needs: [],
};
/** For reference: a handler that imports nothing, to show what Node's own ESM import costs. */
const bareHandler: FunctionDefinition = {
  id: "BareHandler",
  entry: "bench/fixtures/minimal-handler.ts",
  handler: "handler",
  description: "bare",
  needs: [],
};

/** Imports the bundle (timed) and, given events, calls the handler with each (timed). */
const childScript = `
import { pathToFileURL } from "node:url";
const [file, handlerName, eventsJson] = process.argv.slice(1);
const started = performance.now();
const cpuBefore = process.cpuUsage();
const mod = await import(pathToFileURL(file).href);
const initMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const initCpuMs = (cpu.user + cpu.system) / 1000;
const handler = mod[handlerName];
if (typeof handler !== "function") throw new Error(handlerName + " is not a function of " + file);
const requests = [];
for (const event of JSON.parse(eventsJson)) {
  const t = performance.now();
  const result = await handler(event, { awsRequestId: "bench", functionName: "bench", getRemainingTimeInMillis: () => 29000 });
  requests.push({ ms: performance.now() - t, status: result?.statusCode });
}
console.log(${JSON.stringify(RESULT_PREFIX)} + JSON.stringify({ initMs, initCpuMs, requests }));
`;

interface ChildResult {
  initMs: number;
  /** The CPU time the import took (every thread of the process): less moved by other jobs' load. */
  initCpuMs: number;
  requests: Array<{ ms: number; status: number | undefined }>;
}

const runChild = async (
  file: string,
  handlerName: string,
  env: Record<string, string>,
  events: unknown[] = [],
): Promise<ChildResult> => {
  const { stdout } = await run(
    process.execPath,
    [
      ...childNodeOptions,
      "--input-type=module",
      "-e",
      childScript,
      file,
      handlerName,
      JSON.stringify(events),
    ],
    { env, maxBuffer: 16 * 1024 * 1024 },
  );
  const line = stdout.split("\n").find((l) => l.startsWith(RESULT_PREFIX));
  if (!line) throw new Error(`No result from ${file}: ${stdout.slice(-500)}`);
  return JSON.parse(line.slice(RESULT_PREFIX.length)) as ChildResult;
};

/**
 * A local stand-in for AWS JSON APIs: DynamoDB calls get an empty object (a GetItem finds nothing, a
 * query no items); Secrets Manager's GetSecretValue gets a key, and the reads are counted.
 */
const startAwsStub = async (): Promise<{ server: Server; url: string; secretReads: () => number }> => {
  let secretReads = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const target = request.headers["x-amz-target"]?.toString() ?? "";
      response.writeHead(200, { "content-type": "application/x-amz-json-1.1" });
      if (target === "secretsmanager.GetSecretValue") {
        secretReads++;
        response.end(JSON.stringify({ Name: "bench", SecretString: "bench-key" }));
        return;
      }
      response.end(target.endsWith(".Query") ? '{"Items":[]}' : "{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("stub has no port");
  return { server, url: `http://127.0.0.1:${address.port}`, secretReads: () => secretReads };
};

/** The function's first GET route, with `bench` for each path parameter; undefined when it has none. */
const firstGetEvent = (functionId: string) => {
  const route = allRoutes().find((r) => r.functionId === functionId && r.route.startsWith("GET "));
  if (!route) return undefined;
  const path = route.route.slice("GET ".length);
  const concrete = path.replace(/\{[^}]+\}/g, "bench");
  const pathParameters = Object.fromEntries(
    [...path.matchAll(/\{([^}+]+)\+?\}/g)].map((m) => [m[1] as string, "bench"]),
  );
  return buildHttpApiEvent({
    method: "GET",
    path: concrete,
    routeKey: route.route,
    pathParameters,
    ...(route.public ? {} : { claims: { tenant: "bench" } }),
  });
};

const kb = (bytes: number) => (bytes / 1024).toFixed(0);
const ms = (value: number) => value.toFixed(0);

/** Not a function of the app: the LLM port alone, for the first model call's extra latency. */
const llmFirstCall: FunctionDefinition = {
  id: "LlmFirstCall",
  entry: "bench/fixtures/llm-first-call-handler.ts",
  handler: "handler",
  description: "first LLM call",
  needs: [],
};

const definitions = [bareHandler, baseline, ...allFunctions()];
console.log(`Bundling ${definitions.length - 2} functions and two baselines as CDK does...`);
const bundles = await bundleLambdas(definitions);
await bundleLambdas([llmFirstCall]);
const workflowNames = allWorkflows().map((w) => w.name);
const stub = await startAwsStub();
const envOf = (d: FunctionDefinition) =>
  deployedLambdaEnvironment(d, workflowNames, { AWS_ENDPOINT_URL_DYNAMODB: stub.url, ...tracingOverride });
const fileOf = (d: FunctionDefinition) => join(defaultBundleRoot, d.id, BUNDLE_ENTRY_FILE);

// Interleaved rounds, so a busy moment of the shared machine slows every function alike.
const initSamples = new Map<string, number[]>(definitions.map((d) => [d.id, []]));
const ratioSamples = new Map<string, number[]>(definitions.map((d) => [d.id, []]));
const cpuRatioSamples = new Map<string, number[]>(definitions.map((d) => [d.id, []]));
for (let round = 0; round < runs; round++) {
  const roundMs = new Map<string, number>();
  const roundCpuMs = new Map<string, number>();
  for (const d of definitions) {
    const { initMs, initCpuMs } = await runChild(fileOf(d), d.handler, envOf(d));
    initSamples.get(d.id)?.push(initMs);
    roundMs.set(d.id, initMs);
    roundCpuMs.set(d.id, initCpuMs);
  }
  const roundBaselineMs = roundMs.get(baseline.id) ?? Number.NaN;
  for (const [id, initMs] of roundMs) ratioSamples.get(id)?.push(initMs / roundBaselineMs);
  const roundBaselineCpuMs = roundCpuMs.get(baseline.id) ?? Number.NaN;
  for (const [id, cpuMs] of roundCpuMs) cpuRatioSamples.get(id)?.push(cpuMs / roundBaselineCpuMs);
}
const baselineMs = median(initSamples.get(baseline.id) ?? []);

const firstRequests = new Map<string, { first: number[]; second: number[]; status: string }>();
for (const d of allFunctions()) {
  const event = firstGetEvent(d.id);
  if (!event) continue;
  const samples = { first: [] as number[], second: [] as number[], status: "" };
  for (let round = 0; round < Math.min(runs, 5); round++) {
    const { requests } = await runChild(fileOf(d), d.handler, envOf(d), [event, event]);
    samples.first.push(requests[0]?.ms ?? Number.NaN);
    samples.second.push(requests[1]?.ms ?? Number.NaN);
    samples.status = `${event.routeKey} → ${requests[0]?.status}`;
  }
  firstRequests.set(d.id, samples);
}
// The first model call: the provider's SDK chunk, the key from Secrets Manager, the connection; then a
// warm call. Against the local fake LLM server and the stub's Secrets Manager.
const fakeLlm = await startFakeLlmServer({
  script: () => ({ reply: { toolCalls: [{ name: "ping", arguments: { message: "pong" } }] } }),
});
const llmCalls: Array<{
  provider: string;
  first: number[];
  second: number[];
  secretReadsPerContainer: number;
}> = [];
const llmEnvs: Record<string, Record<string, string>> = {
  anthropic: { LLM_PROVIDER: "anthropic", ANTHROPIC_BASE_URL: fakeLlm.url },
  openai: { LLM_PROVIDER: "openai", OPENAI_BASE_URL: fakeLlm.openaiBaseUrl },
};
for (const [provider, providerEnv] of Object.entries(llmEnvs)) {
  const samples = { provider, first: [] as number[], second: [] as number[], secretReadsPerContainer: 0 };
  const readsBefore = stub.secretReads();
  const rounds = Math.min(runs, 5);
  for (let round = 0; round < rounds; round++) {
    const env = deployedLambdaEnvironment({ ...llmFirstCall, needs: ["llm"] }, workflowNames, {
      AWS_ENDPOINT_URL_SECRETS_MANAGER: stub.url,
      ...tracingOverride,
      ...providerEnv,
    });
    const { requests } = await runChild(fileOf(llmFirstCall), "handler", env, [{}, {}]);
    samples.first.push(requests[0]?.ms ?? Number.NaN);
    samples.second.push(requests[1]?.ms ?? Number.NaN);
  }
  samples.secretReadsPerContainer = (stub.secretReads() - readsBefore) / rounds;
  llmCalls.push(samples);
}
await fakeLlm.close();
stub.server.close();

let broken = 0;
const initOver: string[] = [];
console.log(
  `\nMedian of ${runs} fresh Node ${process.version} processes each (${childNodeOptions.join(" ")}, as deployed); baseline (${baseline.id}) init ${baselineMs.toFixed(1)} ms; × baseline: the median of each round's ratio (the budget), of wall time and, beside it, of CPU time. Load average before ${loadBefore}, after ${loadAverage()} (${availableParallelism()} cores).`,
);
console.log(
  "| function | budget | cold-start KB | whole bundle KB | init ms (median) | × baseline | CPU × baseline | lazy chunks (largest) |",
);
console.log("|---|---|---:|---:|---:|---:|---:|---|");
for (const { definition: d, metafile, outdir } of bundles) {
  const size = bundleSize(metafile, outdir);
  const initMs = median(initSamples.get(d.id) ?? []);
  const ratio = median(ratioSamples.get(d.id) ?? []);
  const cpuRatio = median(cpuRatioSamples.get(d.id) ?? []);
  const budget = d.id === baseline.id || d.id === bareHandler.id ? undefined : sizeBudgetFor(d);
  const overSize = budget !== undefined && size.coldStartBytes > budget.coldStartBytes;
  const overInit = budget !== undefined && ratio > budget.initRatio;
  if (overSize) broken++;
  if (overInit) initOver.push(d.id);
  const lazy = size.lazyChunks
    .slice(0, 2)
    .map((c) => `${kb(c.bytes)} KB ${c.topInputs.join("+")}`)
    .join("; ");
  console.log(
    `| ${d.id} | ${budget ? `${budget.name}: ≤ ${kb(budget.coldStartBytes)} KB, ≤ ${budget.initRatio}×` : d.id === baseline.id ? "baseline" : "reference"} | ${kb(size.coldStartBytes)}${overSize ? " OVER" : ""} | ${kb(size.totalBytes)} | ${ms(initMs)} | ${ratio.toFixed(2)}${overInit ? " OVER" : ""} | ${cpuRatio.toFixed(2)} | ${lazy || "none"} |`,
  );
}

if (firstRequests.size > 0) {
  console.log("\nFirst request after init vs the second (local DynamoDB stub), median ms:");
  console.log("| function | route → status | first | second | first's extra |");
  console.log("|---|---|---:|---:|---:|");
  for (const [id, s] of firstRequests) {
    const first = median(s.first);
    const second = median(s.second);
    console.log(`| ${id} | ${s.status} | ${ms(first)} | ${ms(second)} | ${ms(first - second)} |`);
  }
}
console.log(
  "\nFirst model call after init vs the second (key in Secrets Manager, local stub; local fake LLM), median ms:",
);
console.log("| provider | first | second | first's extra | secret reads per container (2 calls) |");
console.log("|---|---:|---:|---:|---:|");
for (const c of llmCalls) {
  const first = median(c.first);
  const second = median(c.second);
  console.log(
    `| ${c.provider} | ${ms(first)} | ${ms(second)} | ${ms(first - second)} | ${c.secretReadsPerContainer} |`,
  );
}
console.log(
  `\nBudgets: ${Object.values(LAMBDA_BUNDLE_BUDGETS)
    .map((b) => `${b.name} ≤ ${kb(b.coldStartBytes)} KB cold start, init ≤ ${b.initRatio}× baseline`)
    .join("; ")}`,
);
if (initOver.length > 0) {
  // A ratio over its budget in a median of interleaved rounds is a regression to look at, even on a busy
  // machine (then re-run it quieter: the load average is printed above).
  console.error(`Init over its budget's ratio to the baseline: ${initOver.join(", ")}`);
}
if (broken > 0) console.error(`${broken} function(s) over their size budget`);
if (broken > 0 || initOver.length > 0) process.exit(1);
