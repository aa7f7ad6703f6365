// @ts-check
// The root package's `postinstall` (`npm ci`, `npm install` run it): what a first `npm start` would otherwise
// make on this machine, made at install. Plain JavaScript, as dev/start.mjs: it runs under plain Node.
import { existsSync } from "node:fs";
import { basename, join, sep } from "node:path";
import { ensureConsoleBuild } from "./console-build.mjs";
import { ensureStackBundle } from "./stack-bundle.mjs";

/**
 * Made here, each by the function a start uses (a start finds them current and skips them):
 * - PostgreSQL's initdb template (dev/local-postgres.ts, `prepareInitdbTemplate`): initdb in WASM, 9-11 s
 *   of CPU, on this thread;
 * - the demo data (dev/prepare-demo-data.ts), loaded through the functions that serve it as a first start
 *   otherwise does before it is ready: the cached demo database (the catalog and the campaigns, dated from
 *   a fixed day that a start moves to its own) and the demo table's template (the recipes and plan);
 * - the stack bundle (dev/stack-bundle.mjs): esbuild, some tenths of a second;
 * - the web console (dev/console-build.mjs): Vite in a child process, on the other core meanwhile;
 * - the workflows' validation records (dev/workflow/validated-asl-cache.ts, about 1 s of a start's CPU
 *   otherwise), written by making the runner the stack makes; always in node_modules/.cache/larder.
 * DynamoDB Local's class-data archive is made here too, by the JVM started and answering.
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

/** The project's TypeScript modules, loaded through tsx (a dev dependency: absent, each part says so). */
const importTs = async (/** @type {string} */ specifier) =>
  (await import("tsx/esm/api")).tsImport(specifier, import.meta.url);

/** @param {unknown} error */
const reason = (error) => (error instanceof Error ? error.message : String(error)).split("\n")[0];

/**
 * DynamoDB Local's class-data archive (dev/dynamodb-local-cds.ts): a start without one lists the classes its
 * JVM loads up to the stack's first requests and builds it in the background after ready, which then
 * competes with the next starts for the CPU. Here: the JVM started in memory, the table made and read as a
 * start's first requests do, stopped, and the detached build waited for (at most a minute).
 * @param {string} archiveDir
 */
const prepareDynamoDbArchive = async (archiveDir) => {
  /** @type {typeof import("./dynamodb-local")} */
  const local = await importTs("./dynamodb-local.ts");
  /** @type {typeof import("./dynamodb-local-cds")} */
  const cds = await importTs("./dynamodb-local-cds.ts");
  const java = local.findJava();
  const { jar, libDir } = local.findJar();
  const keyDir = join(archiveDir, cds.classArchiveKey(java, jar, cds.libraryJars(libDir)));
  const archive = join(keyDir, "classes.jsa");
  if (existsSync(archive)) return;
  /** @type {typeof import("./create-table")} */
  const { ensureAppTable } = await importTs("./create-table.ts");
  /** @type {typeof import("../functions/core/db/table-definition")} */
  const { tableDefinition } = await importTs("../functions/core/db/table-definition.ts");
  /** @type {typeof import("../functions/core/db/local-dynamodb-config")} */
  const { LOCAL_DYNAMODB_CLIENT_CONFIG } = await importTs("../functions/core/db/local-dynamodb-config.ts");
  const { DynamoDBClient, GetItemCommand, QueryCommand } = await import("@aws-sdk/client-dynamodb");
  const dynamo = await local.startDynamoDbLocal({ classArchiveDir: archiveDir });
  const client = new DynamoDBClient({ endpoint: dynamo.endpoint, ...LOCAL_DYNAMODB_CLIENT_CONFIG });
  try {
    const table = "larder-postinstall";
    const { partitionKey, sortKey } = tableDefinition;
    // As a start makes it: TTL off until ready (the archive then holds a start's classes, not the expiry job's).
    await ensureAppTable(client, table, { timeToLive: false });
    await client.send(
      new GetItemCommand({
        TableName: table,
        Key: { [partitionKey]: { S: "T#x#X" }, [sortKey]: { S: "X" } },
      }),
    );
    await client.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: "#pk = :pk",
        ExpressionAttributeNames: { "#pk": partitionKey },
        ExpressionAttributeValues: { ":pk": { S: "T#x#X" } },
      }),
    );
  } finally {
    client.destroy();
    await dynamo.stop();
  }
  // stop() started the detached build; it renames the archive into place and removes its lock when done.
  const deadline = Date.now() + 60_000;
  while (!existsSync(archive)) {
    if (!existsSync(join(keyDir, "dumping.lock"))) throw new Error("its build ended without an archive");
    if (Date.now() > deadline) throw new Error("its build took over a minute: left to finish on its own");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

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
  const bundle = await ensureStackBundle({ root, cacheDir: join(cacheDir, "stack") }).catch((error) => {
    left.push(`the stack bundle (${reason(error)})`);
    return undefined;
  });
  try {
    /** @type {typeof import("./local-postgres")} */
    const postgres = await importTs("./local-postgres.ts");
    await postgres.prepareInitdbTemplate(postgres.initdbTemplateIn(cacheDir));
  } catch (error) {
    left.push(`PostgreSQL's initdb template (${reason(error)})`);
  }
  // DynamoDB Local's JVM, in its own process, while this thread makes the demo database and the workflows'
  // records (after initdb, which would share the cores with it and Vite).
  const archive = prepareDynamoDbArchive(join(cacheDir, "dynamodb-local")).catch((error) => {
    left.push(`DynamoDB Local's class-data archive (${reason(error)})`);
  });
  try {
    // From the template; its functions from the stack bundle as a start loads them, when the bundle's
    // packages resolve from where it is (node_modules/.cache/larder: not a `--cache-dir` elsewhere).
    /** @type {typeof import("./prepare-demo-data")} */
    const demo = await importTs("./prepare-demo-data.ts");
    const bundleResolves = cacheDir.startsWith(join(root, "node_modules") + sep);
    const made = await demo.prepareDemoData({
      cacheDir,
      ...(bundle && bundleResolves ? { entryModuleUrl: bundle.entryModuleUrl } : {}),
      ...(bundle ? { stackKey: basename(bundle.dir) } : {}),
    });
    if (made.table === "no key") left.push("the demo table (no stack bundle to key it)");
  } catch (error) {
    left.push(`the demo data (${reason(error)})`);
  }
  try {
    // A start validates each state machine it has not seen (ajv compiling asl-validator's schemas) and
    // records it: the runner the stack makes, made once here, leaves those records.
    /** @type {typeof import("./workflow-runner")} */
    const workflows = await importTs("./workflow-runner.ts");
    const runner = await workflows.createLocalWorkflowRunner({ loadHandlersOnFirstCall: true });
    await runner.stop();
  } catch (error) {
    left.push(`the workflows' validation (${reason(error)})`);
  }
  await archive;
  await console_.catch((error) => {
    left.push(`the web console (${reason(error)})`);
  });
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  if (left.length === 0) {
    console.log(
      `Larder: prepared the first \`npm start\` in ${seconds} s (initdb template, demo data, stack bundle, web console, workflows validated, DynamoDB Local's class archive)`,
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
