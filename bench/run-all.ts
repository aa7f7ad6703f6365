import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { resolve } from "node:path";

/**
 * `npm run bench`: runs every benchmark script in bench/ (one process each, one after another, so they
 * do not compete for the 2 cores) and prints their figures. `npm run bench -- llm` runs those matching.
 */
const dir = import.meta.dirname;
const filter = process.argv[2];
const scripts = readdirSync(dir)
  .filter((name) => name.endsWith(".ts") && name !== "run-all.ts")
  .filter((name) => !filter || name.includes(filter))
  .sort();
let failed = 0;
for (const script of scripts) {
  console.log(`\n=== ${script} ===`);
  const result = spawnSync(process.execPath, ["--import", "tsx", resolve(dir, script)], {
    stdio: "inherit",
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "SILENT" },
  });
  if (result.status !== 0) failed++;
}
if (failed > 0) {
  console.error(`\n${failed} benchmark(s) failed`);
  process.exit(1);
}
