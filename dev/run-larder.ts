import "./polyfills";
// Only what spawning DynamoDB Local's JVM needs is imported statically (no zod, no SDK): the JVM is the
// slowest part to answer, so it starts before this process loads the configuration and the stack.
import {
  dynamoDbLocalOptions,
  earlyDynamoDbLocalOptions,
  holdsKeptData,
  postgresDataDir,
  resolveDataDir,
  sameDynamoDbLocalOptions,
  startClean,
} from "./data-dir-paths";
import { placeDemoTable } from "./demo-table-template";
import { type DynamoDbLocal, startDynamoDbLocal } from "./dynamodb-local";

export interface RunLarderOptions {
  /** When the process started (ms since the epoch), for the ready line's "up in". */
  startedAt: number;
  /** The module file URL of a function's entry in the stack bundle; undefined when it is not in it. */
  entryModuleUrl: (entry: string) => string | undefined;
  /** The command's arguments: `--fresh` removes the kept data first. */
  argv?: string[];
  /**
   * The web console's build folder (dev/console-build.mjs), being built or kept: served at /console/. A
   * function is called once DynamoDB Local's JVM is spawned (its check hashes web/ on this thread).
   */
  consoleDir?: Promise<string> | (() => Promise<string>);
  /** The stack bundle's key (its folder's name): the demo table's template is keyed by it. */
  stackKey?: string;
}

const stopStarted = async (dynamo: Promise<DynamoDbLocal> | undefined): Promise<void> => {
  await dynamo?.then(
    (started) => started.stop(),
    () => undefined,
  );
};

/**
 * `npm start`'s process (dev/start.mjs runs it from the stack bundle): the whole system on loopback, until
 * Ctrl-C or SIGTERM. A failure to start is printed and exits 1, with everything started stopped again.
 */
export const runLarder = async (options: RunLarderOptions): Promise<void> => {
  const { startedAt, entryModuleUrl, argv = process.argv.slice(2) } = options;
  // DynamoDB Local's JVM first, from the variables as they are (the parsed configuration is checked below).
  const early = earlyDynamoDbLocalOptions(process.env, argv);
  // Whether the folder held data, read before the JVM makes its database folder in it.
  const earlyKept = early?.dataDir ? holdsKeptData(early.dataDir) : false;
  // An empty folder's table from the template npm ci's postinstall made, the demo recipes and plan in it.
  let demoTable =
    early?.options.dbPath && !earlyKept
      ? placeDemoTable(process.env, early.options.dbPath, options.stackKey)
      : undefined;
  let earlyDynamo = early && startDynamoDbLocal(early.options);
  earlyDynamo?.catch(() => undefined);
  try {
    const [{ readLocalStackConfig }, { startStackPostgres }] = await Promise.all([
      import("./local-config"),
      import("./local-postgres"),
    ]);
    const consoleDir = typeof options.consoleDir === "function" ? options.consoleDir() : options.consoleDir;
    consoleDir?.catch(() => undefined);
    const config = readLocalStackConfig();
    const dataDir = resolveDataDir(config);
    if (!dataDir) {
      console.log("Data             in memory (a test run without LARDER_DATA_DIR): nothing is kept");
    } else if (argv.includes("--fresh")) {
      console.log(
        startClean(dataDir)
          ? `Starting clean (--fresh): removed the data kept in ${dataDir}`
          : `Starting clean (--fresh): nothing was kept in ${dataDir}`,
      );
    } else {
      console.log(
        (early && dataDir === early.dataDir ? earlyKept : holdsKeptData(dataDir))
          ? `Data             kept in ${dataDir}: carrying on from the last start (npm start -- --fresh to start clean)`
          : `Data             kept in ${dataDir} from now on (empty: the demo data goes in once)`,
      );
    }
    // The JVM spawned first serves when the parsed configuration asks for the same one; else it is
    // replaced (an unusual variable, seen only once parsed).
    const dynamoOptions = dynamoDbLocalOptions(config, dataDir);
    if (earlyDynamo && !(early && sameDynamoDbLocalOptions(early.options, dynamoOptions))) {
      await stopStarted(earlyDynamo);
      earlyDynamo = undefined;
      demoTable = undefined;
    } else if (!earlyDynamo && dynamoOptions.dbPath && dataDir && !holdsKeptData(dataDir)) {
      // Not spawned early (`--fresh`, an unusual variable): the folder is empty now, the JVM not yet started.
      demoTable = placeDemoTable(process.env, dynamoOptions.dbPath, options.stackKey);
    }
    const dynamo = earlyDynamo ?? startDynamoDbLocal(dynamoOptions);
    earlyDynamo = dynamo;
    dynamo.catch(() => undefined);
    // PGlite next: its file reads and WASM compile overlap the loading of the stack's modules.
    const postgres = startStackPostgres(config, dataDir && postgresDataDir(dataDir));
    postgres.starting.catch(() => undefined);
    const { startLocalStack } = await import("./local-stack").catch(async (error: unknown) => {
      await stopStarted(dynamo);
      await postgres.starting.then(
        (started) => started.stop(),
        () => undefined,
      );
      throw error;
    });
    const stack = await startLocalStack(config, (line) => console.log(line), {
      dynamo,
      postgres,
      entryModuleUrl,
      ...(demoTable ? { demoTable } : {}),
      ...(dataDir ? { dataDir } : {}),
      ...(consoleDir ? { consoleDir } : {}),
    });
    // The console is built beside the stack (a child process): its line comes when it is there.
    const consoleLine = consoleDir?.then(
      () => `Console          ${stack.consoleUrl} (tenant demo; switch on the page)`,
      (error: unknown) =>
        `Console          not built: ${error instanceof Error ? error.message : String(error)} (the API works)`,
    );
    const consoleReady = await Promise.race([consoleLine, Promise.resolve(undefined)]);
    if (consoleReady) console.log(consoleReady);
    else void consoleLine?.then((line) => console.log(line));
    console.log(`\nLarder is up in ${Date.now() - startedAt} ms. Try:\n  curl -s ${stack.apiUrl}/health\n`);
    let stopping = false;
    const shutdown = (signal: string) => {
      if (stopping) return;
      stopping = true;
      console.log(`\n${signal}: stopping…`);
      stack
        .stop()
        .then(() => process.exit(0))
        .catch(() => process.exit(1));
    };
    process.on("SIGINT", () => shutdown("SIGINT"));
    process.on("SIGTERM", () => shutdown("SIGTERM"));
  } catch (error) {
    await stopStarted(earlyDynamo);
    console.error(`Could not start Larder: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
};
