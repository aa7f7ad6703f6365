import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startLocalStack } from "./lib/start-local-stack";
import { median } from "./lib/stats";

/**
 * What a newcomer waits for: `npm start` (dev/start.mjs as its own process: DynamoDB Local's JVM, the
 * table, the simulated store, the workflow and schedule runners, the API server, the demo data) until
 * GET /health answers 200, then SIGTERM until the process has exited with everything stopped.
 * `BENCH_RUNS` sets the runs (default 5). Every run starts on the same data folder (a throwaway one, made by
 * one unmeasured start first): the everyday restart, where the demo data is kept, not loaded again.
 * `BENCH_FIRST_START=1` removes node_modules/.cache/larder (PGlite's initdb template, the cached demo
 * database and the stack's bundle) and the data folder before every run: a new user's first start after `npm ci`.
 * `LARDER_START_TIMING=1` makes each start print its phases (stderr).
 */
const runs = Number(process.env.BENCH_RUNS ?? 5);
const firstStart = process.env.BENCH_FIRST_START === "1";
const root = resolve(import.meta.dirname, "..");
const cacheDir = join(root, "node_modules", ".cache", "larder");
const dataDir = mkdtempSync(join(tmpdir(), "larder-bench-startup-"));
process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));

const startOnce = async (): Promise<{ healthyMs: number; stopMs: number }> => {
  if (firstStart) rmSync(cacheDir, { recursive: true, force: true });
  const started = performance.now();
  const { apiUrl, stop } = await startLocalStack(
    { LLM_PROVIDER: "none", LARDER_DATA_DIR: dataDir },
    firstStart ? ["--fresh"] : [],
  );
  const health = await fetch(`${apiUrl}/health`);
  if (health.status !== 200) throw new Error(`/health answered ${health.status}`);
  const healthyMs = performance.now() - started;
  const stopping = performance.now();
  await stop();
  return { healthyMs, stopMs: performance.now() - stopping };
};

const healthy: number[] = [];
const stops: number[] = [];
// The folder the measured starts find: what one earlier `npm start` leaves.
if (!firstStart) await startOnce();
const loadBefore = loadavg()[0] ?? 0;
for (let run = 0; run < runs; run++) {
  const { healthyMs, stopMs } = await startOnce();
  healthy.push(healthyMs);
  stops.push(stopMs);
}
console.log(
  `node ${process.version}, ${cpus().length} cores, load average ${loadBefore.toFixed(1)} before, ` +
    `${loadavg()[0]?.toFixed(1)} after; ${runs} runs${firstStart ? ", each after removing node_modules/.cache/larder" : ""}`,
);
console.log("| measured | median ms | max ms |");
console.log("|---|---:|---:|");
console.log(
  `| process start to GET /health 200, ${firstStart ? "demo data loaded (first start, no cache, empty data folder)" : "data folder kept from the start before"} | ${median(healthy).toFixed(0)} | ${Math.max(...healthy).toFixed(0)} |`,
);
console.log(
  `| SIGTERM to process exit (JVM, store, servers stopped) | ${median(stops).toFixed(0)} | ${Math.max(...stops).toFixed(0)} |`,
);

// The requirement (issue 25): healthy within 5 s on a 2-core machine at rest, 15 s for the first start
// after `npm ci`. A wall-clock budget belongs here, measured alone, not in the test suite, where a busy
// machine would fail it by chance.
const HEALTHY_BUDGET_MS = firstStart ? 15_000 : 5_000;
if (median(healthy) > HEALTHY_BUDGET_MS) {
  console.error(
    `median start to healthy ${median(healthy).toFixed(0)} ms is over the ${HEALTHY_BUDGET_MS} ms budget`,
  );
  process.exitCode = 1;
}
