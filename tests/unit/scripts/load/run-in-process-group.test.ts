import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { runInProcessGroup } from "../../../../scripts/load/run-in-process-group";

const runNode = (source: string, timeoutMs: number, graceMs: number) => {
  const output = new PassThrough();
  let printed = "";
  output.on("data", (chunk: Buffer) => {
    printed += chunk.toString();
  });
  const run = runInProcessGroup(process.execPath, ["-e", source], {
    cwd: process.cwd(),
    env: process.env,
    output,
    timeoutMs,
    graceMs,
  });
  return { ...run, output, printed: () => printed };
};

// Long enough never to end by itself within a test; the tests below stop it.
const HANGS = "setInterval(() => {}, 60_000)";

describe("runInProcessGroup (test:load's runs)", () => {
  it("passes the command's output on and its exit code back", async () => {
    const run = runNode("console.log('suite output'); process.exit(3)", 60_000, 1_000);
    await expect(run.exit).resolves.toEqual({ code: 3, signal: null, timedOut: false });
    expect(run.printed()).toContain("suite output");
  });

  it("stops a run past its timeout with SIGTERM and says it timed out", async () => {
    const run = runNode(HANGS, 200, 60_000);
    await expect(run.exit).resolves.toEqual({ code: null, signal: "SIGTERM", timedOut: true });
  });

  it("kills a run that ignores SIGTERM once the grace has passed", async () => {
    const run = runNode(`process.on("SIGTERM", () => {}); console.log("ready"); ${HANGS}`, 60_000, 300);
    // Stopped only once its handler is installed (it says so), however slowly node starts.
    await new Promise<void>((ready) =>
      run.output.on("data", () => run.printed().includes("ready") && ready()),
    );
    run.stop();
    await expect(run.exit).resolves.toEqual({ code: null, signal: "SIGKILL", timedOut: false });
  });

  it("never lets a timed-out run's pending SIGKILL reach the run after it", async () => {
    // The first run exits at once on SIGTERM, leaving its SIGKILL timer (grace 300 ms) behind; the second
    // run, started right after, lives past that grace and must end by itself, with code 0.
    const first = runNode(HANGS, 100, 300);
    await expect(first.exit).resolves.toMatchObject({ signal: "SIGTERM", timedOut: true });
    const second = runNode("setTimeout(() => process.exit(0), 1_500)", 60_000, 1_000);
    await expect(second.exit).resolves.toEqual({ code: 0, signal: null, timedOut: false });
  });
});
