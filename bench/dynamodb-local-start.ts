import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { type DynamoDbLocal, findJar, findJava, startDynamoDbLocal } from "../dev/dynamodb-local";
import { classArchiveKey, libraryJars } from "../dev/dynamodb-local-cds";
import { median } from "./lib/stats";

/**
 * DynamoDB Local's JVM alone, as dev/dynamodb-local.ts starts it (the sh guardian, the readiness poll):
 * from the call to the first ListTables answered, wall time and the JVM's own CPU then (utime + stime of
 * /proc/<java pid>/stat), without the class-data archive (`-jar`, as before it) and with it
 * (dev/dynamodb-local-cds.ts, the project's cache folder; built first when absent). Run alternately
 * (A, B, A, B, ...) so that other processes' load falls on both alike, `BENCH_RUNS` times each (default 5),
 * in memory and, with `BENCH_KEPT_DIR=<data folder>`, on a copy of that folder's DynamoDB database file
 * (the folder itself is never opened). Linux only (/proc).
 */
const runs = Number(process.env.BENCH_RUNS ?? 5);
const keptDir = process.env.BENCH_KEPT_DIR;
const load = () => loadavg()[0]?.toFixed(1);

const jvmCpuMs = (pid: number): number => {
  const text = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const { jar, libDir, cacheDir } = findJar();
const archive = join(cacheDir, classArchiveKey(findJava(), jar, libraryJars(libDir)), "classes.jsa");
if (!existsSync(archive)) {
  console.log("building the class-data archive (one start, then its dump)...");
  const first = await startDynamoDbLocal();
  await first.stop();
  const deadline = Date.now() + 300_000;
  while (!existsSync(archive)) {
    if (Date.now() > deadline) throw new Error(`no archive at ${archive} after 300 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const dbCopy = keptDir ? mkdtempSync(join(tmpdir(), "larder-bench-dynamodb-")) : undefined;
if (keptDir && dbCopy) cpSync(join(keptDir, "dynamodb"), dbCopy, { recursive: true });

const variants = [
  { name: "-jar, no archive", classArchiveDir: false as const },
  { name: "class-data archive", classArchiveDir: cacheDir },
];
const data = [
  { name: "in memory", dbPath: undefined },
  ...(dbCopy ? [{ name: "kept database", dbPath: dbCopy }] : []),
];
const samples = new Map<string, { wall: number[]; cpu: number[] }>();
const loadBefore = load();
for (let run = 0; run < runs; run++) {
  for (const where of data) {
    for (const variant of variants) {
      const started = performance.now();
      const dynamo: DynamoDbLocal = await startDynamoDbLocal({
        classArchiveDir: variant.classArchiveDir,
        ...(where.dbPath ? { dbPath: where.dbPath } : {}),
      });
      const wall = performance.now() - started;
      const cpu = jvmCpuMs(dynamo.javaPid);
      await dynamo.stop();
      const key = `${where.name} | ${variant.name}`;
      const sample = samples.get(key) ?? { wall: [], cpu: [] };
      sample.wall.push(wall);
      sample.cpu.push(cpu);
      samples.set(key, sample);
    }
  }
}
if (dbCopy) rmSync(dbCopy, { recursive: true, force: true });

console.log(
  `\n${new Date().toISOString()}, node ${process.version}, ${cpus().length} cores, load average ${loadBefore} → ${load()}, ${runs} runs each, interleaved`,
);
console.log(
  "| database | JVM | wall to first ListTables, median (runs) ms | JVM CPU then, median (runs) ms |",
);
console.log("|---|---|---:|---:|");
for (const [key, { wall, cpu }] of samples) {
  const [where, variant] = key.split(" | ");
  console.log(
    `| ${where} | ${variant} | ${median(wall).toFixed(0)} (${wall.map((w) => w.toFixed(0)).join(", ")}) | ${median(cpu)} (${cpu.join(", ")}) |`,
  );
}
