import { readFileSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { readMigrationFiles } from "../functions/core/sql/migration-files";
import { applyMigrations } from "../functions/core/sql/migrations";
import { createPostgresWireSql } from "../functions/core/sql/postgres-wire-adapter";

export interface LocalPostgres {
  /** `postgres://postgres@127.0.0.1:PORT/postgres`: DATABASE_URL for the handlers, or `psql` it. */
  url: string;
  port: number;
  /** What it is, for the start-up line: `PGlite in memory, pgvector`. */
  description: string;
  /** Migration names applied at start. */
  migrations: string[];
  stop(): Promise<void>;
}

export interface LocalPostgresOptions {
  /** 0 (default) lets the OS choose. */
  port?: number;
  /** A directory keeps the data between runs; in memory when absent. */
  dataDir?: string;
  /**
   * Clients at once. PGlite is one PostgreSQL session: the socket server multiplexes its clients onto it
   * statement by statement and keeps a client's open transaction to itself, so our clients use one
   * connection each and unnamed statements (see postgres-wire-adapter.ts).
   */
  maxConnections?: number;
}

/**
 * PostgreSQL for one machine: PGlite (PostgreSQL compiled to WASM, in this process) with pgvector,
 * served on a loopback port with the Postgres wire protocol, migrations applied. No Docker, no system
 * PostgreSQL.
 */
export const startLocalPostgres = async (options: LocalPostgresOptions = {}): Promise<LocalPostgres> => {
  const db = options.dataDir
    ? await PGlite.create({ dataDir: options.dataDir, extensions: { vector } })
    : await createInMemoryFromTemplate();
  const server = new PGLiteSocketServer({
    db,
    host: "127.0.0.1",
    port: options.port ?? 0,
    maxConnections: options.maxConnections ?? 16,
  });
  try {
    await server.start();
  } catch (error) {
    await db.close();
    throw error;
  }
  const port = Number(server.getServerConn().split(":").pop());
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const stop = async () => {
    await server.stop();
    await db.close();
  };
  try {
    const migrations = await migrate(url);
    const where = options.dataDir ? `in ${options.dataDir}` : "in memory";
    return { url, port, description: `PGlite ${where}, pgvector`, migrations, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};

/** `DATABASE_URL` given: that PostgreSQL (it needs pgvector) gets the migrations and nothing starts. */
export const useExternalPostgres = async (url: string): Promise<LocalPostgres> => {
  const migrations = await migrate(url);
  const port = Number(new URL(url).port || 5432);
  return { url, port, description: "DATABASE_URL", migrations, stop: async () => undefined };
};

const migrate = async (url: string): Promise<string[]> => {
  const sql = createPostgresWireSql({ url, sharedSession: true });
  try {
    const report = await applyMigrations(sql, readMigrationFiles());
    return [...report.applied, ...report.alreadyApplied];
  } finally {
    await sql.close();
  }
};

const pglitePackageDir = join(dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite")), "..");
const pgliteVersion = (
  JSON.parse(readFileSync(join(pglitePackageDir, "package.json"), "utf8")) as { version: string }
).version;

/** node_modules/.cache, where tools keep derived files; keyed by PGlite's version. */
const TEMPLATE_PATH = join(
  pglitePackageDir,
  "..",
  "..",
  ".cache",
  "larder",
  `pglite-${pgliteVersion}-initdb.tar`,
);

/**
 * A new in-memory PGlite runs initdb in WASM: 15 s on a loaded 2-core machine. A freshly initialised data
 * directory, dumped once and loaded afterwards, starts in under 2 s (bench/README.md), so the first start
 * on a machine pays initdb and writes the template; later ones load it.
 */
const createInMemoryFromTemplate = async (): Promise<PGlite> => {
  const template = await readFile(TEMPLATE_PATH).catch(() => undefined);
  if (template) {
    try {
      return await PGlite.create({ loadDataDir: new Blob([template]), extensions: { vector } });
    } catch {
      // A template from another PGlite build: fall through, initialise afresh and rewrite it.
    }
  }
  const db = await PGlite.create({ extensions: { vector } });
  const dump = await db.dumpDataDir("none");
  await mkdir(dirname(TEMPLATE_PATH), { recursive: true });
  // Written aside and renamed, so a concurrent start never reads half a file.
  const partial = `${TEMPLATE_PATH}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, TEMPLATE_PATH);
  return db;
};
