import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..", "..");

export interface StartedLocalStack {
  /** The API's base URL, read from the ready line `npm start` prints. */
  apiUrl: string;
  /** What it printed on stdout so far. */
  output: () => string;
  /** Sends SIGTERM and resolves when the process (and so the JVM it guards) has exited. */
  stop: () => Promise<void>;
}

/**
 * Runs `dev/start.mjs` as its own process, exactly what `npm start` runs, on PORT and STORE_PORT (free ports
 * when unset) with the demo data
 * and no schedules, the given variables on top; resolves once it prints its ready line (`/health` is then
 * 200), rejects with its output if it exits first. Its data goes to a throwaway folder removed at stop,
 * never the developer's `.larder/`, unless `env` names one (LARDER_DATA_DIR, kept).
 */
export const startLocalStack = async (
  env: Record<string, string>,
  args: string[] = [],
  { viaNpm = false }: { viaNpm?: boolean } = {},
): Promise<StartedLocalStack> => {
  const throwaway = env.LARDER_DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), "larder-bench-"));
  // viaNpm: `npm start` itself, as a newcomer types it (npm's own start-up included).
  const [command, commandArgs] = viaNpm
    ? ["npm", ["start", "--silent", ...(args.length > 0 ? ["--", ...args] : [])]]
    : [process.execPath, ["dev/start.mjs", ...args]];
  const child = spawn(command, commandArgs, {
    cwd: root,
    env: {
      ...process.env,
      // The caller's ports when set (two stacks side by side), free ones otherwise.
      PORT: process.env.PORT ?? "0",
      STORE_PORT: process.env.STORE_PORT ?? "0",
      SCHEDULES: "off",
      DEMO_DATA: "on",
      ...(throwaway ? { LARDER_DATA_DIR: throwaway } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  const apiUrl = await new Promise<string>((resolveUrl, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/curl -s (http:\/\/127\.0\.0\.1:\d+)\/health/);
      if (match?.[1]) resolveUrl(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  return {
    apiUrl,
    output: () => output,
    stop: async () => {
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      await exited;
      if (throwaway) rmSync(throwaway, { recursive: true, force: true });
    },
  };
};
