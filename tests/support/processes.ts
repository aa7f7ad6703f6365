import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createConnection } from "node:net";

/**
 * One process as the OS lists it. `startTime` (clock ticks after boot, from /proc; "" where unknown) tells
 * it apart from a later process that reuses its pid: pids wrap at 32768 here, and a full suite (Chromium
 * included) goes through them in minutes, so a pid recorded earlier may name another test's process now.
 */
export interface ProcessInfo {
  pid: number;
  command: string;
  startTime: string;
}

/** /proc/<pid>/stat: "pid (comm) state ppid pgrp … starttime(22nd) …"; comm may hold spaces and parentheses. */
const readStat = (pid: number): { state: string; pgrp: number; startTime: string } | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0] ?? "", pgrp: Number(fields[2]), startTime: fields[19] ?? "" };
  } catch {
    return undefined;
  }
};

const readCommand = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
  } catch {
    return "";
  }
};

/** The live processes of process group `groupId` (Linux's /proc, else `ps`). */
export const processGroupMembers = (groupId: number): ProcessInfo[] => {
  if (existsSync("/proc/self/stat")) {
    return readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .map((pid) => ({ pid, stat: readStat(pid) }))
      .filter(({ stat }) => stat !== undefined && stat.pgrp === groupId && stat.state !== "Z")
      .map(({ pid, stat }) => ({ pid, command: readCommand(pid), startTime: stat?.startTime ?? "" }));
  }
  return execFileSync("ps", ["-A", "-o", "pid=,pgid=,stat=,args="], { encoding: "utf8" })
    .split("\n")
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/))
    .filter((m): m is RegExpMatchArray => m !== null && Number(m[2]) === groupId && !m[3]?.startsWith("Z"))
    .map((m) => ({ pid: Number(m[1]), command: m[4] ?? "", startTime: "" }));
};

/** Whether `pid` is a running process; a zombie (exited, not yet reaped) counts as ended. */
export const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  if (!existsSync("/proc/self/stat")) return true;
  const stat = readStat(pid);
  return stat !== undefined && stat.state !== "Z";
};

/** Whether the process `member` names still runs: the same pid and the same start, not a reuse of its pid. */
export const isSameProcessRunning = (member: ProcessInfo): boolean => {
  if (!isRunning(member.pid)) return false;
  if (member.startTime === "") return true;
  return readStat(member.pid)?.startTime === member.startTime;
};

/** Ends `member` if it still runs, never a later process that got its pid. */
export const killIfSameProcess = (member: ProcessInfo, signal: NodeJS.Signals = "SIGKILL"): void => {
  if (isSameProcessRunning(member)) killIfRunning(member.pid, signal);
};

/** Sends `signal` to `pid` (or to a group, given a negative id) if it is still there. */
export const killIfRunning = (pid: number, signal: NodeJS.Signals = "SIGKILL"): void => {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
};

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
export const isListening = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
