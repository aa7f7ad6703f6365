// @ts-check
// `npm start`: the whole system on loopback (dev/run-larder.ts), run from the stack bundle under plain Node.
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureStackBundle } from "./stack-bundle.mjs";

const startedAt = Date.now();
// Stack traces name the TypeScript sources, not the bundle's chunks.
process.setSourceMapsEnabled(true);

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const bundle = await ensureStackBundle({ root }).catch((error) => {
  console.error(`Could not build the local stack: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
const processEntry = bundle.entryModuleUrl("dev/run-larder.ts");
if (!processEntry) throw new Error("The stack bundle has no dev/run-larder.ts");
/** @type {typeof import("./run-larder")} */
const { runLarder } = await import(processEntry);
await runLarder({ startedAt, entryModuleUrl: bundle.entryModuleUrl });
