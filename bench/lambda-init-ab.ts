import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { allFunctions, allRoutes, allWorkflows } from "../lib/areas";
import { BUNDLE_ENTRY_FILE } from "../lib/bundling/lambda-bundle";
import { buildHttpApiEvent } from "../tests/support/http-api-event";
import { deployedLambdaEnvironment } from "./lib/lambda-environment";
import { median } from "./lib/stats";

/**
 * `npx tsx bench/lambda-init-ab.ts <bundle root A> <bundle root B> [rounds] [FunctionId,...]`: the same
 * functions bundled two ways (say main's bundles, copied from node_modules/.cache/larder-lambda-bundles
 * after `npx tsx bench/lambda-init.ts`, and a branch's), run alternately in fresh Node processes with the
 * deployed environment: per function and side, the median init (wall and CPU), the first request to its
 * first GET route (local DynamoDB stub) and the second, and init + first request: what a user's first
 * call after a cold start waits for, beyond Lambda's own start. Both roots must sit under node_modules/
 * (copied externals resolve from there). Prints the load average before and after.
 */
const [rootA, rootB] = [process.argv[2], process.argv[3]].map((r) => {
  if (!r) throw new Error("usage: lambda-init-ab.ts <bundle root A> <bundle root B> [rounds] [ids]");
  return resolve(r);
}) as [string, string];
const rounds = Math.max(5, Number(process.argv[4] ?? 11));
const ids = (process.argv[5] ?? "CookApi,ShopApi,ChatCatalogApi,NegotiateApi,PlatformApi").split(",");
const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const loadBefore = loadAverage();
const run = promisify(execFile);
const PREFIX = "LARDER_AB ";
const childScript = `
import { pathToFileURL } from "node:url";
const [file, eventJson] = process.argv.slice(1);
const started = performance.now();
const cpuBefore = process.cpuUsage();
const mod = await import(pathToFileURL(file).href);
const initMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const context = { awsRequestId: "ab", functionName: "ab", getRemainingTimeInMillis: () => 29000 };
const requests = [];
for (let i = 0; i < 2; i++) {
  const t = performance.now();
  const c = process.cpuUsage();
  const result = await mod.handler(JSON.parse(eventJson), context);
  const u = process.cpuUsage(c);
  requests.push({ ms: performance.now() - t, cpuMs: (u.user + u.system) / 1000, status: result?.statusCode });
}
console.log(${JSON.stringify(PREFIX)} + JSON.stringify({ initMs, initCpuMs: (cpu.user + cpu.system) / 1000, requests }));
`;
interface Sample {
  initMs: number;
  initCpuMs: number;
  requests: Array<{ ms: number; cpuMs: number; status: number }>;
}

const server = createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    const target = request.headers["x-amz-target"]?.toString() ?? "";
    response.writeHead(200, { "content-type": "application/x-amz-json-1.0" });
    response.end(target.endsWith(".Query") ? '{"Items":[]}' : "{}");
  });
});
await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
const address = server.address();
if (!address || typeof address !== "object") throw new Error("stub has no port");
const workflowNames = allWorkflows().map((w) => w.name);

const firstGetEvent = (functionId: string) => {
  const route = allRoutes().find((r) => r.functionId === functionId && r.route.startsWith("GET "));
  if (!route) throw new Error(`${functionId} has no GET route`);
  const path = route.route.slice("GET ".length);
  return buildHttpApiEvent({
    method: "GET",
    path: path.replace(/\{[^}]+\}/g, "bench"),
    routeKey: route.route,
    pathParameters: Object.fromEntries(
      [...path.matchAll(/\{([^}+]+)\+?\}/g)].map((m) => [m[1] as string, "bench"]),
    ),
    ...(route.public ? {} : { claims: { tenant: "bench" } }),
  });
};

const functions = allFunctions().filter((f) => ids.includes(f.id));
const samples = new Map<string, Sample[]>();
for (let round = 0; round < rounds; round++) {
  for (const f of functions) {
    const env = deployedLambdaEnvironment(f, workflowNames, {
      AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${address.port}`,
    });
    // Alternate which side runs first, so neither always follows the other.
    const sides = round % 2 === 0 ? (["A", rootA] as const) : (["B", rootB] as const);
    const others = round % 2 === 0 ? (["B", rootB] as const) : (["A", rootA] as const);
    for (const [side, root] of [sides, others]) {
      const { stdout } = await run(
        process.execPath,
        [
          "--enable-source-maps",
          "--input-type=module",
          "-e",
          childScript,
          join(root, f.id, BUNDLE_ENTRY_FILE),
          JSON.stringify(firstGetEvent(f.id)),
        ],
        { env, maxBuffer: 16 * 1024 * 1024 },
      );
      const line = stdout.split("\n").find((l) => l.startsWith(PREFIX));
      if (!line) throw new Error(`no result from ${f.id} (${side}): ${stdout.slice(-300)}`);
      const key = `${f.id} ${side}`;
      samples.set(key, [...(samples.get(key) ?? []), JSON.parse(line.slice(PREFIX.length)) as Sample]);
    }
  }
}
server.close();

const ms = (values: number[]) => median(values).toFixed(0);
console.log(
  `A: ${pathToFileURL(rootA).pathname}\nB: ${pathToFileURL(rootB).pathname}\nMedian of ${rounds} rounds (fresh Node ${process.version}, --enable-source-maps). Load average before ${loadBefore}, after ${loadAverage()}.`,
);
console.log(
  "| function | side | init ms | init CPU ms | first request ms (status) | first request CPU ms | second request ms | init + first ms | init + first CPU ms |",
);
console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|");
for (const f of functions) {
  for (const side of ["A", "B"]) {
    const s = samples.get(`${f.id} ${side}`) ?? [];
    const first = s.map((x) => x.requests[0]?.ms ?? Number.NaN);
    const firstCpu = s.map((x) => x.requests[0]?.cpuMs ?? Number.NaN);
    console.log(
      `| ${f.id} | ${side} | ${ms(s.map((x) => x.initMs))} | ${ms(s.map((x) => x.initCpuMs))} | ${ms(first)} (${s[0]?.requests[0]?.status}) | ${ms(firstCpu)} | ${ms(s.map((x) => x.requests[1]?.ms ?? Number.NaN))} | ${ms(s.map((x, i) => x.initMs + (first[i] ?? 0)))} | ${ms(s.map((x, i) => x.initCpuMs + (firstCpu[i] ?? 0)))} |`,
    );
  }
}
