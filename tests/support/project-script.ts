import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { scaledTimeout } from "./test-timeouts";

/** The repository's root, where the project's scripts run from. */
export const PROJECT_ROOT = resolve(import.meta.dirname, "../..");
const TSX = resolve(PROJECT_ROOT, "node_modules/.bin/tsx");

/** How a script ended: its exit code (-1 when it did not exit by itself: killed at the bound) and output. */
export interface ScriptOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the project's scripts as its npm script does (`tsx scripts/<name>.ts <args>`), from the
 * repository's root, with only PATH, HOME and `env` set; bounded by `timeoutMs` (scaled, 60 s unless said).
 */
export const runProjectScript = (
  script: string,
  args: readonly string[],
  env: Record<string, string>,
  options: { timeoutMs?: number; maxBuffer?: number } = {},
): Promise<ScriptOutcome> =>
  new Promise((done) => {
    execFile(
      TSX,
      [script, ...args],
      {
        cwd: PROJECT_ROOT,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
        timeout: scaledTimeout(options.timeoutMs ?? 60_000),
        ...(options.maxBuffer ? { maxBuffer: options.maxBuffer } : {}),
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
