import "./polyfills";
import { dynamoDbLocalOptions, holdsKeptData, postgresDataDir, resolveDataDir, startClean } from "./data-dir";
import { startDynamoDbLocal } from "./dynamodb-local";
import { readLocalStackConfig } from "./local-config";
import { startStackPostgres } from "./local-postgres";

export interface RunLarderOptions {
  /** When the process started (ms since the epoch), for the ready line's "up in". */
  startedAt: number;
  /** The module file URL of a function's entry in the stack bundle; undefined when it is not in it. */
  entryModuleUrl: (entry: string) => string | undefined;
  /** The command's arguments: `--fresh` removes the kept data first. */
  argv?: string[];
  /** The web console's build folder (dev/console-build.mjs), being built or kept: served at /console/. */
  consoleDir?: Promise<string>;
}

/**
 * `npm start`'s process (dev/start.mjs runs it from the stack bundle): the whole system on loopback, until
 * Ctrl-C or SIGTERM. A failure to start is printed and exits 1, with everything started stopped again.
 */
export const runLarder = async ({
  startedAt,
  entryModuleUrl,
  argv = process.argv.slice(2),
  consoleDir,
}: RunLarderOptions): Promise<void> => {
  try {
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
        holdsKeptData(dataDir)
          ? `Data             kept in ${dataDir}: carrying on from the last start (npm start -- --fresh to start clean)`
          : `Data             kept in ${dataDir} from now on (empty: the demo data goes in once)`,
      );
    }
    // DynamoDB Local's JVM is the slowest part and runs in its own process: spawn it first, so it starts
    // while this process loads the rest of the stack's modules and PGlite.
    const dynamo = startDynamoDbLocal(dynamoDbLocalOptions(config, dataDir));
    dynamo.catch(() => undefined);
    // PGlite next: its file reads and WASM compile overlap the loading of the stack's modules.
    const postgres = startStackPostgres(config, dataDir && postgresDataDir(dataDir));
    postgres.starting.catch(() => undefined);
    const { startLocalStack } = await import("./local-stack").catch(async (error: unknown) => {
      await dynamo.then(
        (started) => started.stop(),
        () => undefined,
      );
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
    console.error(`Could not start Larder: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
};
