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

let child: ChildProcess | undefined;
afterEach(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
});

describe("npm start (dev/start.ts as a process)", () => {
  it("becomes healthy within 15 seconds and stops everything, the JVM included, on SIGTERM", async () => {
    const startedAt = Date.now();
    child = spawn(process.execPath, ["--import", "tsx", "dev/start.ts"], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: "0",
        STORE_PORT: "0",
        DEMO_DATA: "off",
        SCHEDULES: "off",
        LLM_PROVIDER: "none",
      },
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
});
