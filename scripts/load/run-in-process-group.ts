import { spawn } from "node:child_process";
import type { Writable } from "node:stream";

export interface ProcessGroupExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Stopped because it ran past `timeoutMs`. */
  timedOut: boolean;
}

export interface ProcessGroupRun {
  exit: Promise<ProcessGroupExit>;
  /** SIGTERM to the whole group, then SIGKILL after `graceMs` if its leader has not exited. */
  stop: () => void;
  /** SIGKILL to the whole group at once. */
  kill: () => void;
}

export interface ProcessGroupOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Receives the command's stdout and stderr; never ended here. */
  output: Writable;
  timeoutMs: number;
  graceMs: number;
}

/**
 * Runs `command` as the leader of its own process group, so a stop reaches whatever it started (vitest's
 * workers, their browsers and JVMs). Each run's timers are its own and end with it: a stop's SIGKILL,
 * still pending when its leader exits, must never reach the next run.
 */
export const runInProcessGroup = (
  command: string,
  args: string[],
  { cwd, env, output, timeoutMs, graceMs }: ProcessGroupOptions,
): ProcessGroupRun => {
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  child.stdout.pipe(output, { end: false });
  child.stderr.pipe(output, { end: false });
  let exited = false;
  let timedOut = false;
  let killTimer: NodeJS.Timeout | undefined;
  const signalGroup = (signal: NodeJS.Signals) => {
    if (exited || child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // the group is already gone
    }
  };
  const stop = () => {
    signalGroup("SIGTERM");
    killTimer ??= setTimeout(() => signalGroup("SIGKILL"), graceMs);
  };
  const timeoutTimer = setTimeout(() => {
    timedOut = true;
    stop();
  }, timeoutMs);
  const exit = new Promise<ProcessGroupExit>((done, fail) => {
    child.once("error", fail);
    child.once("close", (code, signal) => {
      exited = true;
      clearTimeout(timeoutTimer);
      clearTimeout(killTimer);
      done({ code, signal, timedOut });
    });
  });
  return { exit, stop, kill: () => signalGroup("SIGKILL") };
};
