// @ts-check
// `npm start`: the whole system on loopback (dev/run-larder.ts), run from the stack bundle under plain Node.
import { basename, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureConsoleBuild } from "./console-build.mjs";
import { ensureStackBundle } from "./stack-bundle.mjs";
import { mapStackTracesUnder } from "./stack-source-maps.mjs";

const startedAt = Date.now();
// `npm start --fresh` (without `--`) gives the flag to npm, which keeps it as npm_config_fresh and starts
// us without it: refused here, before anything starts, rather than starting on the kept data.
if (process.env.npm_config_fresh && !process.argv.slice(2).includes("--fresh")) {
  console.error(
    "npm took --fresh as its own option and did not pass it on: start clean with `npm start -- --fresh`",
  );
  process.exit(2);
}
const root = dirname(dirname(fileURLToPath(import.meta.url)));
const bundle = await ensureStackBundle({ root }).catch((error) => {
  console.error(`Could not build the local stack: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
// Stack traces name the TypeScript sources, not the bundle's chunks (each chunk's map read when needed).
mapStackTracesUnder(bundle.dir);
const processEntry = bundle.entryModuleUrl("dev/run-larder.ts");
if (!processEntry) throw new Error("The stack bundle has no dev/run-larder.ts");
/** @type {typeof import("./run-larder")} */
const { runLarder } = await import(processEntry);
// The web console builds (when its sources changed) in a child process while the stack starts: checked
// once DynamoDB Local's JVM is spawned, the first thing runLarder does.
const consoleDir = () => ensureConsoleBuild({ root }).then((build) => build.dir);
await runLarder({
  startedAt,
  entryModuleUrl: bundle.entryModuleUrl,
  consoleDir,
  stackKey: basename(bundle.dir),
});
