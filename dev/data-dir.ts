import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { z } from "zod";
import { repositoryRoot } from "../lib/repository-root";
import type { LocalStackConfig } from "./local-config";

/**
 * `npm start`'s data folder: `.larder/` in the repository (git-ignored), or LARDER_DATA_DIR. It keeps
 * DynamoDB Local's database file, PGlite's data directory, the simulated store's carts and orders and the
 * local bus's events (GET /dev/events), so a restart finds what was done before. Under a test runner (VITEST set) without LARDER_DATA_DIR, nothing is
 * kept (undefined: all in memory, as before): tests never read or write the developer's data.
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
export const storeStateFile = (dataDir: string): string => join(dataDir, "store.json");
/** The local bus's events, one JSON line each, oldest first (GET /dev/events after a restart). */
export const eventsFile = (dataDir: string): string => join(dataDir, "events.jsonl");

/**
 * The local stack's list-cursor key (CURSOR_KEY), kept in the data folder: random, made on the first start,
 * readable by this user only, so a cursor outlives a restart and none can be made from the table's name.
 * Deployed, CDK's generated secret plays this part (functions/core/db/cursor-key.ts).
 */
export const localCursorKey = (dataDir: string): string => {
  const path = join(dataDir, "cursor.key");
  try {
    const kept = readFileSync(path, "utf8").trim();
    if (kept.length >= 32) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(48).toString("base64url");
  writeFileSync(path, `${key}\n`, { mode: 0o600 });
  return key;
};

export const dynamoDbLocalOptions = (
  config: Pick<LocalStackConfig, "DYNAMODB_PORT">,
  dataDir: string | undefined,
): { port?: number; dbPath?: string } => ({
  ...(config.DYNAMODB_PORT ? { port: config.DYNAMODB_PORT } : {}),
  ...(dataDir ? { dbPath: join(dataDir, "dynamodb") } : {}),
});

const KeptStackSchema = z.object({ demoDataLoadedAt: z.string().optional() });
export type KeptStack = z.output<typeof KeptStackSchema>;

/** stack.json: when the demo data went in (it is loaded once, never over what was changed since). */
export const readKeptStack = (dataDir: string): KeptStack | undefined => {
  try {
    return KeptStackSchema.parse(JSON.parse(readFileSync(join(dataDir, "stack.json"), "utf8")));
  } catch {
    return undefined;
  }
};

export const writeKeptStack = (dataDir: string, kept: KeptStack): void => {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, "stack.json"), `${JSON.stringify(kept, null, 2)}\n`);
};
