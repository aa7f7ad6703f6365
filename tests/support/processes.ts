import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createConnection } from "node:net";

/** One process as the OS lists it. */
export interface ProcessInfo {
  pid: number;
  command: string;
}

/** /proc/<pid>/stat: "pid (comm) state ppid pgrp …"; comm may hold spaces and parentheses. */
const readStat = (pid: number): { state: string; pgrp: number } | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0] ?? "", pgrp: Number(fields[2]) };
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
      .filter((pid) => {
        const stat = readStat(pid);
        return stat !== undefined && stat.pgrp === groupId && stat.state !== "Z";
      })
      .map((pid) => ({ pid, command: readCommand(pid) }));
  }
  return execFileSync("ps", ["-A", "-o", "pid=,pgid=,stat=,args="], { encoding: "utf8" })
    .split("\n")
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/))
    .filter((m): m is RegExpMatchArray => m !== null && Number(m[2]) === groupId && !m[3]?.startsWith("Z"))
    .map((m) => ({ pid: Number(m[1]), command: m[4] ?? "" }));
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
