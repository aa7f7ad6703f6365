import { spawn } from "node:child_process";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..", "..");

export interface StartedLocalStack {
  /** The API's base URL, read from the ready line `npm start` prints. */
  apiUrl: string;
  /** Sends SIGTERM and resolves when the process (and so the JVM it guards) has exited. */
  stop: () => Promise<void>;
}

/**
 * Runs `dev/start.mjs` as its own process, exactly what `npm start` runs, on free ports with the demo data
 * and no schedules, the given variables on top; resolves once it prints its ready line (`/health` is then
 * 200), rejects with its output if it exits first.
 */
export const startLocalStack = async (env: Record<string, string>): Promise<StartedLocalStack> => {
  const child = spawn(process.execPath, ["dev/start.mjs"], {
    cwd: root,
    env: { ...process.env, PORT: "0", STORE_PORT: "0", SCHEDULES: "off", DEMO_DATA: "on", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const apiUrl = await new Promise<string>((resolveUrl, reject) => {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/curl -s (http:\/\/127\.0\.0\.1:\d+)\/health/);
      if (match?.[1]) resolveUrl(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  return {
    apiUrl,
    stop: async () => {
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      await exited;
    },
  };
};
