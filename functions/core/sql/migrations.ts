import { createHash } from "node:crypto";
import { ConfigError } from "../errors";
import type { SqlPort } from "./sql-port";
import { splitSqlStatements } from "./sql-text";

/** One ordered schema change: `0003_campaigns` and its SQL. */
export interface Migration {
  name: string;
  sql: string;
}

export interface MigrationReport {
  applied: string[];
  alreadyApplied: string[];
}

/** Any number that no other advisory lock in this database uses; serialises concurrent runners. */
const MIGRATION_LOCK_KEY = 7_310_251;

export const MIGRATION_NAME_PATTERN = /^\d{4}_[a-z0-9_]+$/;

const checksumOf = (sql: string): string => createHash("sha256").update(sql).digest("hex");

/**
 * Applies the migrations not yet recorded in `schema_migrations`, in name order, each in its own
 * transaction with its record, so a failed one leaves nothing half-applied and runs again next time.
 * A recorded migration whose text changed is refused: schema changes go in a new file.
 */
export const applyMigrations = async (
  sql: SqlPort,
  migrations: readonly Migration[],
): Promise<MigrationReport> => {
  for (const migration of migrations) {
    if (!MIGRATION_NAME_PATTERN.test(migration.name)) {
      throw new ConfigError(`Migration name ${migration.name} must look like 0001_snake_case`);
    }
  }
  const ordered = [...migrations].sort((a, b) => a.name.localeCompare(b.name));
  await sql.query(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
       name text PRIMARY KEY,
       checksum text NOT NULL,
       applied_at timestamptz NOT NULL DEFAULT now()
     )`,
  );
  const report: MigrationReport = { applied: [], alreadyApplied: [] };
  for (const migration of ordered) {
    const checksum = checksumOf(migration.sql);
    const applied = await sql.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
      const recorded = await tx.query<{ checksum: string }>(
        "SELECT checksum FROM schema_migrations WHERE name = $1",
        [migration.name],
      );
      const existing = recorded.rows[0];
      if (existing) {
        if (existing.checksum !== checksum) {
          throw new ConfigError(
            `Migration ${migration.name} changed after it was applied; put the change in a new migration`,
            { details: { migration: migration.name } },
          );
        }
        return false;
      }
      for (const statement of splitSqlStatements(migration.sql)) await tx.query(statement);
      await tx.query("INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)", [
        migration.name,
        checksum,
      ]);
      return true;
    });
    (applied ? report.applied : report.alreadyApplied).push(migration.name);
  }
  return report;
};
