// @ts-check
// The root package's `postinstall` (`npm ci`, `npm install` run it): what a first `npm start` would otherwise
// make on this machine, made at install. Plain JavaScript, as dev/start.mjs: it runs under plain Node.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ensureConsoleBuild } from "./console-build.mjs";
import { ensureStackBundle } from "./stack-bundle.mjs";

/**
 * Made here, each by the function a start uses (a start finds them current and skips them):
 * - PostgreSQL's initdb template (dev/local-postgres.ts, `prepareInitdbTemplate`): initdb in WASM, 9-11 s
 *   of CPU, on this thread;
 * - the stack bundle (dev/stack-bundle.mjs): esbuild, some tenths of a second;
 * - the web console (dev/console-build.mjs): Vite in a child process, on the other core meanwhile;
 * - the workflows' validation records (dev/workflow/validated-asl-cache.ts, about 1 s of a start's CPU
 *   otherwise), written by making the runner the stack makes; always in node_modules/.cache/larder.
 * Not made here: the day's demo database (its key holds the day) and DynamoDB Local's class-data archive
 * (it needs the JVM started and answering).
 *
 * Never fails the install: a part that cannot be made (no dev dependencies, a read-only node_modules) is
 * said in one line and left to `npm start`, as before. `LARDER_POSTINSTALL=off` skips it all;
 * `--cache-dir <dir>` writes elsewhere than node_modules/.cache/larder (the tests).
 */

const startedAt = Date.now();
const root = join(import.meta.dirname, "..");
const argv = process.argv.slice(2);
const cacheDirArg = argv.indexOf("--cache-dir");
const cacheDir =
  (cacheDirArg >= 0 && argv[cacheDirArg + 1]) || join(root, "node_modules", ".cache", "larder");

/** @param {unknown} error */
const reason = (error) => (error instanceof Error ? error.message : String(error)).split("\n")[0];

const prepare = async () => {
  if (process.env.LARDER_POSTINSTALL === "off") return;
  const needed = ["tsx", "esbuild", "vite", "@electric-sql/pglite"];
  if (needed.every((name) => !existsSync(join(root, "node_modules", name)))) {
    console.log("Larder: no dev dependencies installed: nothing prepared for `npm start`");
    return;
  }
  /** @type {string[]} */
  const left = [];
  // Vite first, in its child process: it builds on the other core while this thread bundles and runs initdb.
  const console_ = ensureConsoleBuild({ root, cacheDir: join(cacheDir, "console") });
  console_.catch(() => undefined);
  await ensureStackBundle({ root, cacheDir: join(cacheDir, "stack") }).catch((error) => {
    left.push(`the stack bundle (${reason(error)})`);
  });
  try {
    const { tsImport } = await import("tsx/esm/api");
    /** @type {typeof import("./local-postgres")} */
    const postgres = await tsImport("./local-postgres.ts", import.meta.url);
    await postgres.prepareInitdbTemplate(postgres.initdbTemplateIn(cacheDir));
  } catch (error) {
    left.push(`PostgreSQL's initdb template (${reason(error)})`);
  }
  try {
    // A start validates each state machine it has not seen (ajv compiling asl-validator's schemas) and
    // records it: the runner the stack makes, made once here, leaves those records.
    const { tsImport } = await import("tsx/esm/api");
    /** @type {typeof import("./workflow-runner")} */
    const workflows = await tsImport("./workflow-runner.ts", import.meta.url);
    const runner = await workflows.createLocalWorkflowRunner({ loadHandlersOnFirstCall: true });
    await runner.stop();
  } catch (error) {
    left.push(`the workflows' validation (${reason(error)})`);
  }
  await console_.catch((error) => {
    left.push(`the web console (${reason(error)})`);
  });
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  if (left.length === 0) {
    console.log(
      `Larder: prepared the first \`npm start\` in ${seconds} s (initdb template, stack bundle, web console, workflows validated)`,
    );
  } else {
    console.log(`Larder: not prepared at install, \`npm start\` makes it: ${left.join("; ")}`);
  }
};

await prepare().catch((error) => {
  console.log(`Larder: nothing prepared at install (${reason(error)}): \`npm start\` makes it`);
});
// initdb's WASM instance and Vite's child are done with; nothing else should hold the install.
process.exit(0);
