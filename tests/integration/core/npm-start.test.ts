import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  isListening,
  isSameProcessRunning,
  killIfRunning,
  killIfSameProcess,
  type ProcessInfo,
  processGroupMembers,
} from "../../support/processes";
import { QUIET_STACK_ENV } from "../../support/quiet-stack-env";
import { scaledTimeout } from "../../support/test-timeouts";
import { waitUntil } from "../../support/wait-until";

const ROOT = resolve(import.meta.dirname, "../../..");

/** Resolves once `pattern` matches the child's output so far; rejects if it exits first. */
const waitForOutput = (child: ChildProcess, pattern: RegExp): Promise<RegExpMatchArray> =>
  new Promise((resolvePromise, reject) => {
    let output = "";
    // DynamoDB Local alone may take up to 90 s to answer on a busy machine (dev/dynamodb-local.ts).
    const timeoutMs = scaledTimeout(100_000);
    const timer = setTimeout(
      () => reject(new Error(`Waited ${timeoutMs} ms for ${pattern}; output:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(pattern);
      if (match) {
        clearTimeout(timer);
        resolvePromise(match);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`npm start ended with ${signal ?? code} before ${pattern}; output:\n${output}`));
    });
  });

/** How a process ended: its exit code as text, or the signal that ended it. */
const endOf = (child: ChildProcess): Promise<string> =>
  new Promise((resolvePromise) => {
    if (child.exitCode !== null || child.signalCode !== null)
      return resolvePromise(child.signalCode ?? `${child.exitCode}`);
    child.once("exit", (code, signal) => resolvePromise(signal ?? `${code}`));
  });

/** The three listeners `npm start` prints: DynamoDB Local, the simulated store, the API. */
const waitForStack = async (child: ChildProcess) => {
  const dynamoLine = waitForOutput(child, /DynamoDB Local\s+http:\/\/127\.0\.0\.1:(\d+)/);
  const storeLine = waitForOutput(child, /Simulated store\s+http:\/\/127\.0\.0\.1:(\d+)/);
  const upLine = await waitForOutput(child, /curl -s (http:\/\/127\.0\.0\.1:(\d+))\/health/);
  return {
    apiUrl: upLine[1] ?? "",
    ports: {
      dynamodb: Number((await dynamoLine)[1]),
      store: Number((await storeLine)[1]),
      api: Number(upLine[2]),
    },
  };
};

const listeningPorts = async (ports: Record<string, number>): Promise<string[]> => {
  const open: string[] = [];
  for (const [name, port] of Object.entries(ports))
    if (await isListening(port)) open.push(`${name} :${port}`);
  return open;
};

const localStackEnv = { ...process.env, ...QUIET_STACK_ENV };

// Whatever a test started, ended by id even when the test failed: the child, its group, every member seen.
let child: ChildProcess | undefined;
let detachedGroup: number | undefined;
let seenMembers: ProcessInfo[] = [];
// A pid or group id is used only while its process has not ended: afterwards the OS may give it to
// another test's process (pids wrap at 32768), and a kill by that id would end a stranger.
const endWhatTheTestStarted = () => {
  const childRuns = child !== undefined && child.exitCode === null && child.signalCode === null;
  if (childRuns && child?.pid !== undefined) killIfRunning(child.pid);
  if (detachedGroup !== undefined && (childRuns || seenMembers.some(isSameProcessRunning))) {
    killIfRunning(-detachedGroup);
  }
  for (const member of seenMembers) killIfSameProcess(member);
  child = undefined;
  detachedGroup = undefined;
  seenMembers = [];
};
afterEach(endWhatTheTestStarted);

// Ctrl-C or a kill of the test run skips afterEach, and the detached group is out of the signal's reach:
// end it here too, then die of the signal as before.
const onRunSignal = (signal: NodeJS.Signals) => {
  endWhatTheTestStarted();
  process.kill(process.pid, signal);
};
beforeAll(() => {
  process.once("SIGINT", onRunSignal);
  process.once("SIGTERM", onRunSignal);
});
afterAll(() => {
  process.off("SIGINT", onRunSignal);
  process.off("SIGTERM", onRunSignal);
});

describe("npm start (dev/start.mjs as a process)", () => {
  // The "healthy within 15 s" budget is a wall-clock figure of an idle machine: bench/local-stack-startup.ts
  // measures and enforces it. Here, on a machine of any speed, it must become healthy and stop cleanly.
  it("becomes healthy and stops everything, the JVM included, on SIGTERM", async () => {
    child = spawn(process.execPath, ["dev/start.mjs"], {
      cwd: ROOT,
      env: localStackEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const { apiUrl, ports } = await waitForStack(child);

    const health = await fetch(`${apiUrl}/health`);
    const body = (await health.json()) as { status: string; checks: Record<string, { status: string }> };
    expect(health.status).toBe(200);
    expect(body.status).toBe("ok");
    expect(body.checks.dynamodb_local?.status).toBe("ok");
    expect(body.checks.store?.status).toBe("ok");
    expect(await listeningPorts(ports)).toEqual(Object.entries(ports).map(([n, p]) => `${n} :${p}`));

    const ended = endOf(child);
    child.kill("SIGTERM");
    expect(await ended).toBe("0");
    // dev/start.mjs exits only after stop() resolved, so nothing may be listening any more.
    expect(await listeningPorts(ports)).toEqual([]);
  });

  it("stops everything, npm, node and the JVM included, when Ctrl-C reaches its process group", async () => {
    // A terminal's Ctrl-C sends SIGINT to every process of the foreground job: npm, its shell,
    // node, and the DynamoDB Local guardian and JVM. Its own group stands in for that job here.
    child = spawn("npm", ["start"], {
      cwd: ROOT,
      env: localStackEnv,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const groupId = child.pid;
    if (groupId === undefined) throw new Error("npm start did not start");
    detachedGroup = groupId;
    const { apiUrl, ports } = await waitForStack(child);
    expect((await fetch(`${apiUrl}/health`)).status).toBe(200);

    // Every process of the job, named, so the test can tell which one outlived Ctrl-C.
    seenMembers = processGroupMembers(groupId);
    const commands = seenMembers.map((m) => m.command);
    expect(commands.some((c) => /\bjava\b.*DynamoDBLocal\.jar/.test(c))).toBe(true);
    expect(commands.some((c) => /dev\/start\.mjs/.test(c))).toBe(true);

    const ended = endOf(child);
    process.kill(-groupId, "SIGINT");
    // npm ends with the signal of its script or with 130 (128 + SIGINT), depending on which of them the
    // signal reached first; 0 when the script's own clean exit came first. A shell shows each after Ctrl-C.
    expect(["0", "130", "SIGINT"]).toContain(await ended);

    const stillRunning = () => seenMembers.filter(isSameProcessRunning);
    await waitUntil("every process of npm start's group to end", () => stillRunning().length === 0).catch(
      () => undefined,
    );
    expect(stillRunning()).toEqual([]);
    expect(processGroupMembers(groupId)).toEqual([]);
    expect(await listeningPorts(ports)).toEqual([]);
  });
});
