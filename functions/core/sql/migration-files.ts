import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Migration } from "./migrations";

/** functions/core/sql/migrations: the files CDK hands to the migration custom resource too. */
export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), "migrations");

/** The `NNNN_name.sql` files of a directory, in name order. */
export const readMigrationFiles = (dir: string = MIGRATIONS_DIR): Migration[] =>
  readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ name: file.replace(/\.sql$/, ""), sql: readFileSync(join(dir, file), "utf8") }));
