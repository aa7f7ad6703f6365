import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

export {
  dynamoDbLocalOptions,
  holdsKeptData,
  postgresDataDir,
  resolveDataDir,
  startClean,
} from "./data-dir-paths";

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
