import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime + cutime + cstime, seconds: the process's own CPU and its reaped children's. */
  cpuSeconds: number;
}

const readStat = (pid: number): ProcStat | undefined => {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = text.lastIndexOf(")");
    const comm = text.slice(text.indexOf("(") + 1, close);
    const fields = text.slice(close + 2).split(" ");
    const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index] ?? 0), 0);
    return { pid, ppid: Number(fields[1]), comm, cpuSeconds: ticks / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
};

/**
 * CPU seconds used so far by this process and its descendants, by kind: `node` (this process: the
 * workflow runner, the step handlers, the simulated store, the fake LLM server), `chromium` (the browser
 * and its renderers; ended renderers count through the browser process), `java` (DynamoDB Local), `other`.
 * Linux only (/proc); elsewhere every figure is 0. Compare two readings for one run's share.
 */
export const descendantCpuSeconds = (): Record<string, number> => {
  const totals: Record<string, number> = { node: 0, chromium: 0, java: 0, other: 0 };
  let stats: ProcStat[];
  try {
    stats = readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .flatMap((name) => readStat(Number(name)) ?? []);
  } catch {
    return totals;
  }
  const children = new Map<number, ProcStat[]>();
  for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  const root = stats.find((stat) => stat.pid === process.pid);
  const queue = root ? [root] : [];
  for (let stat = queue.shift(); stat; stat = queue.shift()) {
    const kind =
      stat.pid === process.pid
        ? "node"
        : /chrom/i.test(stat.comm)
          ? "chromium"
          : /java/i.test(stat.comm)
            ? "java"
            : "other";
    // The root's reaped children are the ones gone before: only its own time counts for it.
    totals[kind] = (totals[kind] ?? 0) + stat.cpuSeconds;
    queue.push(...(children.get(stat.pid) ?? []));
  }
  return totals;
};
