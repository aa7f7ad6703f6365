import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { readMigrationFiles } from "../functions/core/sql/migration-files";
import { applyMigrations } from "../functions/core/sql/migrations";
import { PLANNER_SETTINGS } from "../functions/core/sql/planner-settings";
import { createPostgresWireSql } from "../functions/core/sql/postgres-wire-adapter";
import { repositoryRoot } from "../lib/repository-root";
import { extractTar, packTar } from "./data-dir-tar";
import { demoCatalog } from "./demo/catalog-demo";
import { DEMO_CAMPAIGNS_CACHED_DAY, demoCampaigns } from "./demo/demo-campaigns";
import { shiftDemoCampaigns } from "./demo/shift-demo-campaigns";
import type { LocalStackConfig } from "./local-config";
import { writeFileAside } from "./write-file-aside.mjs";

const phaseLog =
  process.env.LARDER_START_TIMING === "1"
    ? (phase: string) => {
        const cpu = process.cpuUsage();
        console.error(
          `[start-timing] ${performance.now().toFixed(0)} ms, this process's CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms: ${phase}`,
        );
      }
    : () => undefined;

export interface LocalPostgres {
  /** `postgres://postgres@127.0.0.1:PORT/postgres`: DATABASE_URL for the handlers, or `psql` it. */
  url: string;
  port: number;
  /** What it is, for the start-up line: `PGlite in memory, pgvector`. */
  description: string;
  /** Migration names applied at start. */
  migrations: string[];
  /** True when the data came from `LocalPostgresOptions.snapshot` (whatever was in it is there). */
  fromSnapshot: boolean;
  /**
   * PGlite only: writes the whole database, as it is now, to `file` (aside and renamed, so a concurrent
   * start never reads half of it), for a later `startLocalPostgres({ snapshot: file })`.
   */
  saveSnapshot?(file: string): Promise<void>;
  stop(): Promise<void>;
}

export interface LocalPostgresOptions {
  /** 0 (default) lets the OS choose. */
  port?: number;
  /**
   * A directory keeps the data between runs; in memory when absent. An empty one starts from `snapshot`
   * (or the initdb template) and keeps it; one that holds a database opens it, `snapshot` ignored.
   */
  dataDir?: string;
  /**
   * Clients at once. PGlite is one PostgreSQL session: the socket server multiplexes its clients onto it
   * statement by statement and keeps a client's open transaction to itself, so our clients use one
   * connection each and unnamed statements (see postgres-wire-adapter.ts).
   */
  maxConnections?: number;
  /**
   * A file written by `saveSnapshot`: when it exists and loads, the database starts with its content
   * (its name must be keyed by the migration files: a database loaded from it is taken to have every one
   * of them applied, and none is checked); otherwise from the initdb template, as without it.
   */
  snapshot?: string;
  /** PostgreSQL settings for this start only (`-c name=value`), e.g. STACK_PGLITE_SETTINGS. */
  settings?: PgliteSettings;
  /** The open with V8's TurboFan tier-up deferred (`withWasmTierUpDeferred`): the stack's start. */
  deferWasmTierUp?: boolean;
  /** The initdb template read and written (node_modules/.cache/larder's, keyed by PGlite's version). */
  initdbTemplate?: string;
}

type PgliteSettings = Readonly<Record<string, string>>;

/** PGlite's options: pgvector, and the settings on top of PGlite's own start parameters. */
const pgliteOptions = (settings: PgliteSettings) => ({
  extensions: { vector },
  ...(Object.keys(settings).length > 0
    ? {
        startParams: [
          ...PGlite.defaultStartParams,
          ...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
        ],
      }
    : {}),
});

/**
 * The stack's PGlite settings (`npm start`, the tests' stacks). PostgreSQL zeroes its whole shared memory
 * at start, and in WASM that is the largest part of opening a database: with the defaults (128 MB of
 * shared buffers, 100 connections' lock tables) PGlite's open took 2.0-2.7 s of this process's CPU, with
 * these 1.6-1.8 s (bench/README.md). PGlite is one session, so 20 connections' lock space is plenty; pages
 * past the 16 MB of buffers are read from the operating system's file cache. Not sized from the data: each MB
 * of cache costs the open about 4.5 ms of CPU, so a folder of 100,000 campaigns (384 MB to hold it) would
 * restart 1.5 s slower for a faster search (bench/README.md, "semantic_search").
 */
export const STACK_PGLITE_SETTINGS: PgliteSettings = { shared_buffers: "16MB", max_connections: "20" };

/** V8's `--wasm-tiering-budget`: this process's own when it was started with one, else V8's default. */
export const wasmTieringBudget = (execArgv: readonly string[] = process.execArgv): number => {
  const given = execArgv.findLast((arg) => arg.startsWith("--wasm-tiering-budget="));
  const budget = Number(given?.slice("--wasm-tiering-budget=".length));
  return Number.isSafeInteger(budget) && budget > 0 ? budget : 1_800_000;
};

/** A hundred times V8's default: PostgreSQL's start-up code runs too briefly to reach it. */
export const DEFERRED_WASM_TIERING_BUDGET = 180_000_000;

/**
 * Opens with V8's tier-up of PGlite's WASM deferred. V8 runs WASM first as Liftoff's quick code and
 * recompiles a function with TurboFan, on a background thread, once it has run its budget; a WASM
 * instance takes the budget V8 has when it is made. PostgreSQL's start-up runs hundreds of functions just
 * long enough to be recompiled, most of them never again: PGlite's open of the kept folder took 1.1-1.9 s
 * of this process's CPU with V8's default, 0.85-1.13 s with this budget (bench/README.md). Functions hot
 * in queries still reach it as they run: 40 rounds of a nearest-neighbour, a full-text and a grouping
 * query on the kept 10,000 campaigns took as long either way, with less CPU. The budget is set back for
 * whatever instance comes next.
 */
export const withWasmTierUpDeferred = async <T>(
  open: () => Promise<T>,
  setFlags: (flags: string) => void = setFlagsFromString,
): Promise<T> => {
  setFlags(`--wasm-tiering-budget=${DEFERRED_WASM_TIERING_BUDGET}`);
  try {
    return await open();
  } finally {
    setFlags(`--wasm-tiering-budget=${wasmTieringBudget()}`);
  }
};

/**
 * PostgreSQL for one machine: PGlite (PostgreSQL compiled to WASM, in this process) with pgvector,
 * served on a loopback port with the Postgres wire protocol, migrations applied. No Docker, no system
 * PostgreSQL.
 */
export const startLocalPostgres = async (options: LocalPostgresOptions = {}): Promise<LocalPostgres> => {
  const open = () =>
    options.dataDir
      ? openDataDir(options.dataDir, options.snapshot, options.settings ?? {}, options.initdbTemplate)
      : openInMemory(options.snapshot, options.settings ?? {});
  const { db, fromSnapshot } = options.deferWasmTierUp ? await withWasmTierUpDeferred(open) : await open();
  phaseLog("postgres: PGlite open");
  // PGlite has one session, which every connection shares: settings made on it hold for all of them.
  for (const [name, value] of Object.entries(PLANNER_SETTINGS))
    await db.query("SELECT set_config($1, $2, false)", [name, value]);
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
    // A snapshot was saved after these same migrations (its key), so checking them again is wasted time.
    // A kept data directory remembers the migration files it was last brought up to: unchanged, nothing
    // to check (a start on a kept folder saves the round of checks); changed, they are applied.
    const keyFile = options.dataDir ? `${options.dataDir}.migrations-key` : undefined;
    const key = migrationsKey();
    const upToDate =
      fromSnapshot || (keyFile !== undefined && (await readFile(keyFile, "utf8").catch(() => "")) === key);
    const migrations = upToDate
      ? readMigrationFiles().map((migration) => migration.name)
      : await migrate(url);
    if (keyFile) await writeFile(keyFile, key);
    phaseLog("postgres: migrations");
    const where = options.dataDir ? `in ${options.dataDir}` : "in memory";
    const description = `PGlite ${where}${fromSnapshot ? " from the cached demo database" : ""}, pgvector`;
    const saveSnapshot = async (file: string) => {
      // Dirty pages to the data files first, so the copy needs no WAL replay.
      await db.exec("CHECKPOINT");
      // A data directory on disk is read as it is (PGlite's dump reads it through its WASM file system).
      await writeFileAside(file, options.dataDir ? packTar(options.dataDir) : await dataDirBytes(db));
    };
    return {
      url,
      port,
      description,
      migrations,
      fromSnapshot,
      saveSnapshot,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};

/** `DATABASE_URL` given: that PostgreSQL (it needs pgvector) gets the migrations and nothing starts. */
export const useExternalPostgres = async (url: string): Promise<LocalPostgres> => {
  const migrations = await migrate(url);
  const port = Number(new URL(url).port || 5432);
  return {
    url,
    port,
    description: "DATABASE_URL",
    migrations,
    fromSnapshot: false,
    stop: async () => undefined,
  };
};

const migrationsKey = (): string => {
  const hash = createHash("sha256");
  for (const migration of readMigrationFiles()) hash.update(JSON.stringify(migration));
  return hash.digest("hex");
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

/** node_modules/.cache/larder: the local stack's derived files (node_modules/.cache, where tools keep theirs). */
const LARDER_CACHE_DIR = join(pglitePackageDir, "..", "..", ".cache", "larder");

/** The initdb template's file in a cache folder, keyed by PGlite's version. */
export const initdbTemplateIn = (cacheDir: string): string =>
  join(cacheDir, `pglite-${pgliteVersion}-initdb.tar`);

const TEMPLATE_PATH = initdbTemplateIn(LARDER_CACHE_DIR);

/**
 * A new in-memory PGlite runs initdb in WASM: 15 s on a loaded 2-core machine. A freshly initialised data
 * directory, dumped once and loaded afterwards, starts in under 2 s (bench/README.md), so the first start
 * on a machine pays initdb and writes the template; later ones load it.
 */
const createInMemoryFromTemplate = async (settings: PgliteSettings): Promise<PGlite> => {
  const template = await readFile(TEMPLATE_PATH).catch(() => undefined);
  if (template) {
    try {
      return await PGlite.create({ loadDataDir: new Blob([template]), ...pgliteOptions(settings) });
    } catch {
      // A template from another PGlite build: fall through, initialise afresh and rewrite it.
    }
  }
  const db = await PGlite.create(pgliteOptions(settings));
  await writeFileAside(TEMPLATE_PATH, await dataDirBytes(db));
  return db;
};

const openInMemory = async (
  snapshot: string | undefined,
  settings: PgliteSettings,
): Promise<{ db: PGlite; fromSnapshot: boolean }> => {
  const fromSnapshot = await loadSnapshot(snapshot, settings);
  return fromSnapshot
    ? { db: fromSnapshot, fromSnapshot: true }
    : { db: await createInMemoryFromTemplate(settings), fromSnapshot: false };
};

/** A kept database opens as it is; an empty directory is filled from the snapshot or the initdb template. */
const openDataDir = async (
  dataDir: string,
  snapshot: string | undefined,
  settings: PgliteSettings,
  template: string = TEMPLATE_PATH,
): Promise<{ db: PGlite; fromSnapshot: boolean }> => {
  if (existsSync(join(dataDir, "PG_VERSION"))) {
    return { db: await PGlite.create({ dataDir, ...pgliteOptions(settings) }), fromSnapshot: false };
  }
  await mkdir(dataDir, { recursive: true });
  for (const [file, isSnapshot] of [
    [snapshot, true],
    [template, false],
  ] as const) {
    const content = file ? await readFile(file).catch(() => undefined) : undefined;
    if (!content) continue;
    try {
      // Written straight into the directory, then opened as a kept one (what PGlite's loadDataDir does, faster).
      extractTar(content, dataDir);
      if (!existsSync(join(dataDir, "PG_VERSION"))) throw new Error(`${file} holds no database`);
      const db = await PGlite.create({ dataDir, ...pgliteOptions(settings) });
      return { db, fromSnapshot: isSnapshot };
    } catch {
      // Another PGlite build's file: empty the directory again and try the next source.
      await rm(dataDir, { recursive: true, force: true });
      await mkdir(dataDir, { recursive: true });
    }
  }
  const db = await PGlite.create({ dataDir, ...pgliteOptions(settings) });
  // initdb ran (9-11 s of CPU): the next empty folder starts from its files instead. The demo database's
  // key holds the day, so without this every later day's first start into an empty folder ran it again.
  await db.exec("CHECKPOINT");
  // A cache: a start goes on without it (a read-only node_modules).
  await writeFileAside(template, packTar(dataDir)).catch(() => undefined);
  return { db, fromSnapshot: false };
};

/**
 * The initdb template made ahead of a first start (dev/postinstall.mjs, run by `npm ci`): initdb runs once
 * into a scratch folder through a start's own path (openDataDir), which writes the template. One already
 * there is kept. Throws when it could not be written (a read-only node_modules).
 */
export const prepareInitdbTemplate = async (template: string = TEMPLATE_PATH): Promise<"kept" | "built"> => {
  if (existsSync(template)) return "kept";
  // Its folder first: one that cannot be made fails now, not after initdb's seconds.
  await mkdir(dirname(template), { recursive: true });
  const scratch = await mkdtemp(join(tmpdir(), "larder-initdb-"));
  try {
    const { db } = await openDataDir(scratch, undefined, {}, template);
    await db.close();
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  if (!existsSync(template)) throw new Error(`could not write ${template}`);
  return "built";
};

/** The whole database as a file's bytes (an uncompressed tarball PGlite can load again). */
const dataDirBytes = async (db: PGlite): Promise<Uint8Array> =>
  new Uint8Array(await (await db.dumpDataDir("none")).arrayBuffer());

/** A snapshot that is missing or does not load (another PGlite build, a damaged file) is no snapshot. */
const loadSnapshot = async (
  file: string | undefined,
  settings: PgliteSettings,
): Promise<PGlite | undefined> => {
  if (!file) return undefined;
  const content = await readFile(file).catch(() => undefined);
  if (!content) return undefined;
  try {
    return await PGlite.create({ loadDataDir: new Blob([content]), ...pgliteOptions(settings) });
  } catch {
    return undefined;
  }
};

/**
 * Each change to the demo database's sources makes a new snapshot of some 60 MB: snapshots in `keep`'s
 * folder named `pglite-*-<kind>-*.tar` (any PGlite version) not written within `maxAgeMs`, and partial writes
 * an hour old, are removed, `keep` never. A start reading one just removed falls back to starting afresh.
 */
export const pruneStalePgliteCache = async (kind: string, keep: string, maxAgeMs = 86_400_000) => {
  const dir = dirname(keep);
  const now = Date.now();
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const file = join(dir, name);
    const snapshot = name.startsWith("pglite-") && name.includes(`-${kind}-`) && name.endsWith(".tar");
    const partial = name.endsWith(".partial");
    if (file === keep || (!snapshot && !partial)) continue;
    const written = await stat(file).then(
      (info) => info.mtimeMs,
      () => now,
    );
    if (now - written > (partial ? 3_600_000 : maxAgeMs)) await rm(file, { force: true });
  }
};

/** Where derived local databases are kept: node_modules/.cache/larder, next to the initdb template. */
export const pgliteCacheFile = (name: string): string =>
  join(dirname(TEMPLATE_PATH), `pglite-${pgliteVersion}-${name}`);

/** The code that turns the demo catalog and campaigns into rows: a change to any of it changes the key. */
const DEMO_DATABASE_SOURCES = [
  "functions/core/sql",
  "functions/core/embedding",
  "functions/chat/catalog",
  "functions/chat/campaigns",
  "dev/demo",
];

/**
 * The cached demo database's key: the migrations, the demo catalog and campaigns themselves (dated from
 * the fixed `DEMO_CAMPAIGNS_CACHED_DAY`: no day in the key, so npm ci's postinstall makes it), the
 * embedding the handlers are configured with (EMBEDDING_PROVIDER, EMBEDDING_MODEL: another one's vectors
 * would not be comparable) and every source file that shapes their rows.
 */
const demoDatabaseKey = (env: Record<string, string | undefined>): string => {
  const hash = createHash("sha256");
  for (const migration of readMigrationFiles()) hash.update(JSON.stringify(migration));
  hash.update(JSON.stringify(demoCatalog()));
  hash.update(JSON.stringify(demoCampaigns(DEMO_CAMPAIGNS_CACHED_DAY)));
  hash.update(`embedding ${env.EMBEDDING_PROVIDER || "local"}\0${env.EMBEDDING_MODEL ?? ""}\0`);
  for (const dir of DEMO_DATABASE_SOURCES) {
    const files = readdirSync(join(repositoryRoot, dir), { recursive: true, encoding: "utf8" }).sort();
    for (const file of files) {
      if (!file.endsWith(".ts") && !file.endsWith(".json") && !file.endsWith(".sql")) continue;
      hash.update(file);
      hash.update(readFileSync(join(repositoryRoot, dir, file)));
    }
  }
  return hash.digest("hex").slice(0, 16);
};

/** The cached demo database in a cache folder (npm ci's postinstall writes it with `--cache-dir`). */
export const demoDatabaseIn = (cacheDir: string, env: Record<string, string | undefined> = process.env) =>
  join(cacheDir, `pglite-${pgliteVersion}-demo-${demoDatabaseKey(env)}.tar`);

export interface StackPostgres {
  /** Resolves once open, its demo campaigns dated from `today` when it opened from the cached demo database. */
  starting: Promise<LocalPostgres>;
  /** The day the demo campaigns are dated from. */
  today: Date;
  /** The cached demo database it starts from, or saves to once the demo data is in. */
  demoSnapshot: string | undefined;
}

/**
 * The stack's database: DATABASE_URL's, or PGlite. With the demo data on PGlite, PGlite starts from a cached
 * copy that already holds the migrations and the demo catalog and campaigns, keyed by all that shapes them.
 */
export const startStackPostgres = (
  config: LocalStackConfig,
  dataDir?: string,
  today: Date = new Date(),
): StackPostgres => {
  // A folder that holds a database opens as it is: its start reads no snapshot, so none is keyed (the key
  // hashes every source of the demo database, some tenths of a second on the start's critical path).
  const keptDatabase = dataDir !== undefined && existsSync(join(dataDir, "PG_VERSION"));
  const demoSnapshot =
    config.DEMO_DATA === "on" && !config.DATABASE_URL && !keptDatabase
      ? demoDatabaseIn(dirname(TEMPLATE_PATH))
      : undefined;
  const starting: Promise<LocalPostgres> = config.DATABASE_URL
    ? useExternalPostgres(config.DATABASE_URL)
    : startLocalPostgres({
        ...(config.DATABASE_PORT ? { port: config.DATABASE_PORT } : {}),
        ...(dataDir ? { dataDir } : {}),
        ...(demoSnapshot ? { snapshot: demoSnapshot } : {}),
        settings: STACK_PGLITE_SETTINGS,
        deferWasmTierUp: true,
      }).then(async (postgres) => {
        // Opened from the cached demo database: its campaigns move to today before anything reads them.
        if (!postgres.fromSnapshot) return postgres;
        try {
          await shiftDemoCampaigns(postgres.url, today);
        } catch (error) {
          await postgres.stop();
          throw error;
        }
        phaseLog("postgres: demo campaigns dated from today");
        return postgres;
      });
  return { starting, today, demoSnapshot };
};
