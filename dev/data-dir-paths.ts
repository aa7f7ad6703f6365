import { existsSync, rmSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { repositoryRoot } from "../lib/repository-root";
import type { LocalStackConfig } from "./local-config";

// Where `npm start` keeps its data, without zod or the SDK: dev/run-larder.ts reads it to spawn DynamoDB
// Local's JVM before it loads anything heavy. dev/data-dir.ts re-exports these with the rest of the folder.

/**
 * `npm start`'s data folder: `.larder/` in the repository (git-ignored), or LARDER_DATA_DIR. It keeps
 * DynamoDB Local's database file, PGlite's data directory, the simulated store's carts and orders and the
 * local bus's events (GET /dev/events), so a restart finds what was done before. Under a test runner
 * (VITEST set) without LARDER_DATA_DIR, nothing is kept (undefined: all in memory, as before): tests never
 * read or write the developer's data.
 */
export const resolveDataDir = (
  config: Pick<LocalStackConfig, "LARDER_DATA_DIR">,
  env: Record<string, string | undefined> = process.env,
): string | undefined => {
  if (config.LARDER_DATA_DIR) {
    return isAbsolute(config.LARDER_DATA_DIR)
      ? config.LARDER_DATA_DIR
      : resolve(process.cwd(), config.LARDER_DATA_DIR);
  }
  return env.VITEST ? undefined : join(repositoryRoot, ".larder");
};

/** What the folder holds; only these are removed by `--fresh` (nothing else a user put there). */
const KEPT_ENTRIES = [
  "dynamodb",
  "postgres",
  "postgres.migrations-key",
  "store.json",
  "store.json.partial",
  "stack.json",
  "events.jsonl",
  "cursor.key",
] as const;

/** `--fresh`: removes what an earlier start kept; true when there was something to remove. */
export const startClean = (dataDir: string): boolean => {
  let removed = false;
  for (const entry of KEPT_ENTRIES) {
    const path = join(dataDir, entry);
    if (!existsSync(path)) continue;
    rmSync(path, { recursive: true, force: true });
    removed = true;
  }
  return removed;
};

/** True when an earlier start left data in the folder. */
export const holdsKeptData = (dataDir: string): boolean =>
  KEPT_ENTRIES.some((entry) => existsSync(join(dataDir, entry)));

export const postgresDataDir = (dataDir: string): string => join(dataDir, "postgres");

export const dynamoDbLocalOptions = (
  config: Pick<LocalStackConfig, "DYNAMODB_PORT">,
  dataDir: string | undefined,
): { port?: number; dbPath?: string } => ({
  ...(config.DYNAMODB_PORT ? { port: config.DYNAMODB_PORT } : {}),
  ...(dataDir ? { dbPath: join(dataDir, "dynamodb") } : {}),
});

/**
 * DynamoDB Local's options read from the variables as they are, before the configuration is parsed (zod
 * and its schemas take a few hundred ms to load): what `npm start` spawns the JVM with first thing. Only
 * for plain values (DYNAMODB_PORT unset or digits, LARDER_DATA_DIR unset or a path without surrounding
 * blanks) and not with `--fresh` (it removes the folder the JVM would open): otherwise undefined, and the
 * JVM waits for the parsed configuration. With the data folder they name. The caller compares these with
 * the parsed configuration's (`dynamoDbLocalOptions`) and starts the JVM again when they differ.
 */
export const earlyDynamoDbLocalOptions = (
  env: Record<string, string | undefined>,
  argv: readonly string[],
): { options: { port?: number; dbPath?: string }; dataDir: string | undefined } | undefined => {
  if (argv.includes("--fresh")) return undefined;
  const port = env.DYNAMODB_PORT ?? "";
  const folder = env.LARDER_DATA_DIR;
  if (!/^\d{0,5}$/.test(port) || Number(port) > 65_535) return undefined;
  if (folder !== undefined && (folder === "" || folder.trim() !== folder)) return undefined;
  const config = { DYNAMODB_PORT: port === "" ? undefined : Number(port), LARDER_DATA_DIR: folder };
  const dataDir = resolveDataDir(config, env);
  return { options: dynamoDbLocalOptions(config, dataDir), dataDir };
};

/** Whether two option sets start the same DynamoDB Local. */
export const sameDynamoDbLocalOptions = (
  a: { port?: number; dbPath?: string },
  b: { port?: number; dbPath?: string },
): boolean => a.port === b.port && a.dbPath === b.dbPath;
