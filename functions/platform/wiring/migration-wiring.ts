import { configOnce } from "../../core/config";
import { createLogger } from "../../core/logger";
import { createSql } from "../../core/sql/create-sql";
import { applyMigrations, type Migration } from "../../core/sql/migrations";
import { readSqlConfig } from "../../core/sql/sql-config";

/** The migration runner's composition root: its logger, and the database read from config on first use. */
export const migrationLogger = createLogger("platform");

// Read on the first migration, not at import: the custom resource's Delete needs no database.
const database = configOnce(() => createSql(readSqlConfig()));

/** Applies the migrations not yet recorded, in order (functions/core/sql/migrations.ts). */
export const runMigrations = (migrations: readonly Migration[]) => applyMigrations(database(), migrations);
