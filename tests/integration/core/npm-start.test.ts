import { type ChildProcess, spawn } from "node:child_process";
import { createConnection } from "node:net";
import { resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../../..");

/** Resolves once `text` has appeared in the child's stdout; rejects if it exits first. */
const waitForOutput = (child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> =>
  new Promise((resolvePromise, reject) => {
    let output = "";
    const timer = setTimeout(
      () => reject(new Error(`Timed out waiting for ${pattern}; output:\n${output}`)),
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
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code} before ${pattern}; output:\n${output}`));
    });
  });

const isListening = (port: number): Promise<boolean> =>
  new Promise((resolvePromise) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolvePromise(true);
    });
    socket.once("error", () => resolvePromise(false));
  });

/** Whether any process is left in the process group (a signal 0 reaches none once all are gone). */
const groupIsAlive = (groupId: number): boolean => {
  try {
    process.kill(-groupId, 0);
    return true;
  } catch {
    return false;
  }
};

const localStackEnv = {
  ...process.env,
  PORT: "0",
  STORE_PORT: "0",
  DEMO_DATA: "off",
  SCHEDULES: "off",
  LLM_PROVIDER: "none",
};

let child: ChildProcess | undefined;
let detachedGroup: number | undefined;
afterEach(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  if (detachedGroup !== undefined && groupIsAlive(detachedGroup)) process.kill(-detachedGroup, "SIGKILL");
  detachedGroup = undefined;
});

describe("npm start (dev/start.ts as a process)", () => {
  it("becomes healthy within 15 seconds and stops everything, the JVM included, on SIGTERM", async () => {
    const startedAt = Date.now();
    child = spawn(process.execPath, ["--import", "tsx", "dev/start.ts"], {
      cwd: ROOT,
      env: localStackEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const dynamoLine = waitForOutput(child, /DynamoDB Local\s+http:\/\/127\.0\.0\.1:(\d+)/, 20_000);
    const upLine = await waitForOutput(child, /curl -s (http:\/\/127\.0\.0\.1:\d+)\/health/, 20_000);
    const dynamoPort = Number((await dynamoLine)[1]);
    const apiUrl = upLine[1] ?? "";

    const health = await fetch(`${apiUrl}/health`);
    const body = (await health.json()) as { status: string; checks: Record<string, { status: string }> };
    expect(Date.now() - startedAt).toBeLessThan(15_000);
    expect(health.status).toBe(200);
    expect(body.status).toBe("ok");
    expect(body.checks.dynamodb_local?.status).toBe("ok");
    expect(body.checks.store?.status).toBe("ok");
    expect(await isListening(dynamoPort)).toBe(true);

    const exited = new Promise<number | null>((r) => child?.once("exit", (code) => r(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(await isListening(dynamoPort)).toBe(false);
    await expect(fetch(`${apiUrl}/health`)).rejects.toThrow();
  });

  it("stops everything, npm, tsx and the JVM included, when Ctrl-C reaches its process group", async () => {
    // A terminal's Ctrl-C sends SIGINT to every process of the foreground job: npm, its shell, tsx,
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
    const dynamoLine = waitForOutput(child, /DynamoDB Local\s+http:\/\/127\.0\.0\.1:(\d+)/, 30_000);
    const upLine = await waitForOutput(child, /curl -s (http:\/\/127\.0\.0\.1:\d+)\/health/, 30_000);
    const dynamoPort = Number((await dynamoLine)[1]);
    const apiUrl = upLine[1] ?? "";
    expect((await fetch(`${apiUrl}/health`)).status).toBe(200);

    const exited = new Promise<string>((r) => child?.once("exit", (code, signal) => r(signal ?? `${code}`)));
    process.kill(-groupId, "SIGINT");
    // npm ends itself with the signal that ended its script, as a shell does on Ctrl-C.
    expect(["0", "SIGINT"]).toContain(await exited);
    const deadline = Date.now() + 10_000;
    while (groupIsAlive(groupId) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(groupIsAlive(groupId)).toBe(false);
    expect(await isListening(dynamoPort)).toBe(false);
    await expect(fetch(`${apiUrl}/health`)).rejects.toThrow();
  });
});
