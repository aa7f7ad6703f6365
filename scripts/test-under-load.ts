import { createWriteStream, existsSync, mkdtempSync, readFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { type ProcessGroupRun, runInProcessGroup } from "./load/run-in-process-group";

/**
 * `npm run test:load -- --runs 5`: runs `npm test`'s vitest projects (unit + integration, the same
 * `vitest run` with the same config) N times while every core is kept busy by spinning worker threads,
 * and prints each run's failures by test name, then `runs: N, failed runs: K`. A test that fails here
 * fails by chance on a busy CI machine too; fix it at its root (see CONTRIBUTING.md), never by retrying.
 *
 * The load is bounded: one spinning thread per core (--busy-per-core K for K a core, or --load-threads), each stopping by itself at a hard
 * deadline, and all of them terminated when the runs end. Threads, not processes, so nothing can outlive
 * this script, even when it is killed with SIGKILL.
 */

const ROOT = resolve(import.meta.dirname, "..");
// The whole suite takes about 27 minutes on 2 idle cores (CI's machine); beside a spinning thread a core, a
// run stopped at 30 had not ended (249 of 329 files done).
const DEFAULT_RUN_TIMEOUT_MINUTES = 60;
// How long a stopped run may take to exit before its process group is killed.
const STOP_GRACE_MS = 10_000;
const USAGE = `Usage: npm run test:load -- [--runs N] [--busy-per-core K | --load-threads N] [--run-timeout-minutes M]
  --runs N                 how many times to run the suite (default 3)
  --busy-per-core K        spinning threads per core beside the suite (default 1; 2 is twice CI's load)
  --load-threads N         spinning threads in all, instead of per core (${availableParallelism()} cores here)
  --run-timeout-minutes M  a run that takes longer is stopped and counted failed (default ${DEFAULT_RUN_TIMEOUT_MINUTES})`;

const positiveInteger = (name: string, value: string | undefined, fallback: number): number => {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || (name === "runs" && parsed === 0)) {
    console.error(
      `--${name} must be a ${name === "runs" ? "positive" : "non-negative"} integer, got "${value}"`,
    );
    console.error(USAGE);
    process.exit(2);
  }
  return parsed;
};

const readOptions = () => {
  try {
    const { values } = parseArgs({
      options: {
        runs: { type: "string" },
        "load-threads": { type: "string" },
        "busy-per-core": { type: "string" },
        "run-timeout-minutes": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    });
    if (values["load-threads"] !== undefined && values["busy-per-core"] !== undefined) {
      console.error("--busy-per-core and --load-threads both set the load: give one");
      console.error(USAGE);
      process.exit(2);
    }
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    return {
      runs: positiveInteger("runs", values.runs, 3),
      loadThreads:
        values["load-threads"] !== undefined
          ? positiveInteger("load-threads", values["load-threads"], availableParallelism())
          : positiveInteger("busy-per-core", values["busy-per-core"], 1) * availableParallelism(),
      runTimeoutMs:
        positiveInteger("run-timeout-minutes", values["run-timeout-minutes"], DEFAULT_RUN_TIMEOUT_MINUTES) *
        60_000,
    };
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    console.error(USAGE);
    process.exit(2);
  }
};

/** Spins until its deadline (or until terminated): pure CPU, no memory growth, no I/O. */
const SPIN_SOURCE = `
const { workerData } = require("node:worker_threads");
let sink = 0;
while (Date.now() < workerData.deadline) {
  for (let i = 0; i < 1e6; i++) sink += Math.sqrt(i);
}
if (sink < 0) console.log(sink);
`;

const startLoad = (threads: number, deadline: number): { stop: () => Promise<void> } => {
  const workers = Array.from(
    { length: threads },
    () => new Worker(SPIN_SOURCE, { eval: true, workerData: { deadline } }),
  );
  return { stop: async () => void (await Promise.all(workers.map((w) => w.terminate()))) };
};

interface JsonAssertion {
  fullName: string;
  status: string;
  failureMessages: string[];
}
interface JsonFileResult {
  name: string;
  status: string;
  message: string;
  assertionResults: JsonAssertion[];
}
interface JsonReport {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  testResults: JsonFileResult[];
}

interface RunOutcome {
  failed: boolean;
  lines: string[];
}

const firstLine = (text: string): string => (text.split("\n").find((l) => l.trim() !== "") ?? "").trim();

/** The failures of one run by test name (file › test), from vitest's JSON report. */
const failuresIn = (report: JsonReport): string[] => {
  const lines: string[] = [];
  for (const file of report.testResults) {
    const path = relative(ROOT, file.name);
    const failedTests = file.assertionResults.filter((a) => a.status === "failed");
    for (const test of failedTests) {
      lines.push(`  FAIL ${path} > ${test.fullName}`);
      const message = test.failureMessages[0];
      if (message) lines.push(`       ${firstLine(message)}`);
    }
    // A file can fail without a failed test: an import error, a failing beforeAll/afterAll.
    if (file.status === "failed" && failedTests.length === 0)
      lines.push(`  FAIL ${path} (the file itself)`, `       ${firstLine(file.message) || "(no message)"}`);
  }
  return lines;
};

// The run in progress, for a signal to stop.
let running: ProcessGroupRun | undefined;

const runVitestOnce = async (run: number, logDir: string, runTimeoutMs: number): Promise<RunOutcome> => {
  const reportFile = join(logDir, `run-${run}.json`);
  const logFile = join(logDir, `run-${run}.log`);
  const log = createWriteStream(logFile);
  // The config's reporters plus the JSON one (naming reporters on the command line replaces the config's).
  const args = [
    "run",
    "--reporter=default",
    "--reporter=./tests/support/summary-reporter.ts",
    "--reporter=json",
    `--outputFile.json=${reportFile}`,
  ];
  running = runInProcessGroup(join(ROOT, "node_modules", ".bin", "vitest"), args, {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: "1" },
    output: log,
    timeoutMs: runTimeoutMs,
    graceMs: STOP_GRACE_MS,
  });
  const exit = await running.exit;
  running = undefined;
  await new Promise<void>((done) => log.end(done));
  const { timedOut } = exit;

  const lines: string[] = [];
  let failed = exit.code !== 0;
  let counts = "";
  if (existsSync(reportFile)) {
    const report = JSON.parse(readFileSync(reportFile, "utf8")) as JsonReport;
    counts = `${report.numPassedTests} passed, ${report.numFailedTests} failed of ${report.numTotalTests}`;
    const failures = failuresIn(report);
    if (failures.length > 0) failed = true;
    lines.push(...failures);
  } else {
    failed = true;
    lines.push("  no JSON report was written");
  }
  if (timedOut) lines.push(`  stopped after ${runTimeoutMs / 60_000} minutes`);
  if (failed && lines.length === 0)
    lines.push(
      `  vitest ended with ${exit.signal ?? `exit code ${exit.code}`} though no test failed (an unhandled error?)`,
    );
  if (failed) lines.push(`  log: ${logFile}`);
  lines.unshift(`run ${run}: ${failed ? "FAILED" : "passed"}${counts ? ` (${counts})` : ""}`);
  return { failed, lines };
};

const main = async (): Promise<void> => {
  const { runs, loadThreads, runTimeoutMs } = readOptions();
  const logDir = mkdtempSync(join(tmpdir(), "larder-test-under-load-"));
  // The load's hard bound: it stops by itself even if this script's loop never reaches its end.
  const loadDeadline = Date.now() + runs * runTimeoutMs;
  console.log(
    `Running the suite ${runs} time(s) beside ${loadThreads} spinning thread(s) on ${availableParallelism()} core(s); logs in ${logDir}`,
  );
  const load = startLoad(loadThreads, loadDeadline);

  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    console.log(`\n${signal}: stopping the running suite and the load…`);
    running?.stop();
  };
  process.on("SIGINT", () => onSignal("SIGINT"));
  process.on("SIGTERM", () => onSignal("SIGTERM"));
  // Whatever ends this script, the suite's process group ends with it.
  process.on("exit", () => running?.kill());

  let completed = 0;
  let failedRuns = 0;
  try {
    for (let run = 1; run <= runs && !interrupted; run++) {
      const startedAt = Date.now();
      const outcome = await runVitestOnce(run, logDir, runTimeoutMs);
      if (interrupted) break;
      completed++;
      if (outcome.failed) failedRuns++;
      const [head, ...rest] = outcome.lines;
      console.log([`${head} in ${Math.round((Date.now() - startedAt) / 1000)} s`, ...rest].join("\n"));
    }
  } finally {
    await load.stop();
  }
  if (interrupted) {
    console.log(`interrupted after ${completed} complete run(s)`);
    process.exitCode = 130;
  }
  console.log(`runs: ${completed}, failed runs: ${failedRuns}`);
  if (failedRuns > 0 && !interrupted) process.exitCode = 1;
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
