import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { findJar } from "./dynamodb-local";

// Light on purpose (no zod, no SDK): dev/run-larder.ts places the template before it spawns the JVM.

/** DynamoDB Local's one database file in its -dbPath folder (it runs with -sharedDb). */
export const DYNAMODB_LOCAL_FILE = "shared-local-instance.db";

/** node_modules/.cache/larder, where npm ci's postinstall leaves it. */
export const larderCacheDir = (): string => dirname(findJar().cacheDir);

/**
 * The demo table's template: DynamoDB Local's file holding the app table with the demo recipes and plan,
 * written through the cook API by npm ci's postinstall (dev/prepare-demo-data.ts). Keyed by the stack
 * bundle's key (every source a start runs, the demo file and the cook API's code among them), DynamoDB
 * Local's release (its file format) and the table's name.
 */
export const demoTableTemplateIn = (cacheDir: string, stackKey: string, tableName: string): string => {
  const key = createHash("sha256").update(`${stackKey}\0${findJar().jar}\0${tableName}`).digest("hex");
  return join(cacheDir, `dynamodb-demo-${key.slice(0, 16)}.db`);
};

/**
 * An empty data folder's DynamoDB file copied from the template before the JVM opens it: the table and the
 * demo recipes and plan are there from the start (they hold the time the template was written). Returns
 * the table's name when it did, undefined when there is no template (the start loads them as before).
 */
export const placeDemoTable = (
  env: Record<string, string | undefined>,
  dbPath: string,
  stackKey: string | undefined,
  cacheDir: string = larderCacheDir(),
): string | undefined => {
  if (stackKey === undefined || (env.DEMO_DATA ?? "on") !== "on") return undefined;
  const tableName = env.TABLE_NAME ?? "larder-local";
  const template = demoTableTemplateIn(cacheDir, stackKey, tableName);
  if (!existsSync(template)) return undefined;
  const file = join(dbPath, DYNAMODB_LOCAL_FILE);
  try {
    mkdirSync(dbPath, { recursive: true });
    copyFileSync(template, file);
    return tableName;
  } catch {
    // A cache: without it the start makes the table and loads them (a copy cut short is not left behind).
    rmSync(file, { force: true });
    return undefined;
  }
};
