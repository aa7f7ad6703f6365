import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_CAMPAIGNS_CACHED_DAY, demoCampaigns } from "../../../dev/demo/demo-campaigns";
import { readLocalStackConfig } from "../../../dev/local-config";
import {
  type LocalPostgres,
  pgliteCacheFile,
  pruneStalePgliteCache,
  startLocalPostgres,
  startStackPostgres,
} from "../../../dev/local-postgres";
import { prepareDemoData } from "../../../dev/prepare-demo-data";
import { readMigrationFiles } from "../../../functions/core/sql/migration-files";
import { queryOnce } from "../../support/query-once";
import { scaledTimeout } from "../../support/test-timeouts";

// npm start keeps the database with the migrations and the demo catalog and campaigns applied as a
// snapshot (node_modules/.cache/larder) and starts the next time from it instead of loading them again.

const dir = mkdtempSync(join(tmpdir(), "larder-demo-database-"));
const started: LocalPostgres[] = [];
afterAll(async () => {
  for (const postgres of started) await postgres.stop();
  rmSync(dir, { recursive: true, force: true });
});

const start = async (snapshot: string): Promise<LocalPostgres> => {
  const postgres = await startLocalPostgres({ snapshot });
  started.push(postgres);
  return postgres;
};

describe("the local PostgreSQL started from a saved snapshot", () => {
  it(
    "holds what was in the database when the snapshot was saved, migrations included",
    async () => {
      const snapshot = join(dir, "demo.tar");
      const first = await start(snapshot);
      expect(first.fromSnapshot).toBe(false);
      await queryOnce(first.url, "CREATE TABLE demo_marker (note text)");
      await queryOnce(first.url, "INSERT INTO demo_marker VALUES ('saved')");
      await first.saveSnapshot?.(snapshot);

      const second = await start(snapshot);
      expect(second.fromSnapshot).toBe(true);
      expect(await queryOnce(second.url, "SELECT note FROM demo_marker")).toEqual([{ note: "saved" }]);
      expect(second.migrations).toEqual(readMigrationFiles().map((migration) => migration.name));
      const applied = await queryOnce(second.url, "SELECT count(*)::int AS n FROM schema_migrations");
      expect(applied).toEqual([{ n: readMigrationFiles().length }]);

      // An empty data folder (npm start's first start) gets the snapshot's files written into it, and keeps them.
      const dataDir = join(dir, "kept");
      const third = await startLocalPostgres({ snapshot, dataDir });
      started.push(third);
      expect(third.fromSnapshot).toBe(true);
      expect(await queryOnce(third.url, "SELECT note FROM demo_marker")).toEqual([{ note: "saved" }]);
      await queryOnce(third.url, "INSERT INTO demo_marker VALUES ('kept')");
      await third.stop();
      started.pop();
      const again = await startLocalPostgres({ snapshot, dataDir });
      started.push(again);
      expect(again.fromSnapshot).toBe(false);
      expect(await queryOnce(again.url, "SELECT note FROM demo_marker ORDER BY note")).toEqual([
        { note: "kept" },
        { note: "saved" },
      ]);
      // A snapshot saved from a data folder (its files read as they are) loads in memory too.
      const fromFolder = join(dir, "from-folder.tar");
      await again.saveSnapshot?.(fromFolder);
      const inMemory = await start(fromFolder);
      expect(inMemory.fromSnapshot).toBe(true);
      expect(await queryOnce(inMemory.url, "SELECT count(*)::int AS n FROM demo_marker")).toEqual([{ n: 2 }]);
    },
    scaledTimeout(180_000),
  );

  it(
    "starts afresh with the migrations applied when the snapshot is damaged or missing",
    async () => {
      const damaged = join(dir, "damaged.tar");
      writeFileSync(damaged, "not a tar of a PostgreSQL data directory");
      for (const snapshot of [damaged, join(dir, "missing.tar")]) {
        const postgres = await start(snapshot);
        expect(postgres.fromSnapshot).toBe(false);
        const applied = await queryOnce(postgres.url, "SELECT count(*)::int AS n FROM schema_migrations");
        expect(applied).toEqual([{ n: readMigrationFiles().length }]);
      }
      // Into an empty data folder too: the damaged file's writing is undone and the database made afresh.
      const inFolder = await startLocalPostgres({ snapshot: damaged, dataDir: join(dir, "from-damaged") });
      started.push(inFolder);
      expect(inFolder.fromSnapshot).toBe(false);
      const applied = await queryOnce(inFolder.url, "SELECT count(*)::int AS n FROM schema_migrations");
      expect(applied).toEqual([{ n: readMigrationFiles().length }]);
    },
    scaledTimeout(180_000),
  );

  it(
    "keeps initdb's files as the template after initialising an empty data folder, and the next empty folder starts from them",
    async () => {
      const initdbTemplate = join(dir, "initdb-template.tar");
      const first = await startLocalPostgres({ dataDir: join(dir, "initdb-first"), initdbTemplate });
      started.push(first);
      expect(existsSync(initdbTemplate)).toBe(true);
      // Written before the migrations: the template is a bare database, and a start from it applies them.
      const second = await startLocalPostgres({ dataDir: join(dir, "initdb-second"), initdbTemplate });
      started.push(second);
      expect(existsSync(join(dir, "initdb-second", "PG_VERSION"))).toBe(true);
      const applied = await queryOnce(second.url, "SELECT count(*)::int AS n FROM schema_migrations");
      expect(applied).toEqual([{ n: readMigrationFiles().length }]);
    },
    scaledTimeout(180_000),
  );

  it(
    "opens an empty folder from the cached demo database with the demo campaigns dated from the day it opens, whichever day",
    async () => {
      // The cached demo database as npm ci's postinstall makes it (kept when a start already made it).
      await prepareDemoData({ cacheDir: dirname(pgliteCacheFile("demo.tar")) });
      const config = readLocalStackConfig({ DEMO_DATA: "on", LLM_PROVIDER: "none" });
      const days = [new Date("2027-03-15T23:30:00.000Z"), new Date(), DEMO_CAMPAIGNS_CACHED_DAY];
      for (const [n, day] of days.entries()) {
        const stack = startStackPostgres(config, join(dir, `dated-${n}`), day);
        const postgres = await stack.starting;
        started.push(postgres);
        expect(postgres.fromSnapshot).toBe(true);
        const rows = await queryOnce(
          postgres.url,
          "SELECT id, capture_date::text AS capture_date FROM campaigns WHERE tenant = 'demo'",
        );
        const byId = (a: { id?: unknown }, b: { id?: unknown }) => String(a.id).localeCompare(String(b.id));
        const expected = demoCampaigns(day).map(({ id, capture_date }) => ({ id, capture_date }));
        expect(rows.sort(byId)).toEqual(expected.sort(byId));
        await postgres.stop();
        started.pop();
      }
    },
    scaledTimeout(180_000),
  );

  it("removes the demo snapshots not written for a day, never the one in use nor a recent one", async () => {
    const tag = `test${process.pid}`;
    const stale = pgliteCacheFile(`demo-${tag}-stale.tar`);
    const recent = pgliteCacheFile(`demo-${tag}-recent.tar`);
    const inUse = pgliteCacheFile(`demo-${tag}-in-use.tar`);
    const initdb = pgliteCacheFile(`initdb-${tag}.tar`);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    try {
      for (const file of [stale, recent, inUse, initdb]) writeFileSync(file, "snapshot");
      for (const file of [stale, inUse, initdb]) utimesSync(file, twoDaysAgo, twoDaysAgo);
      await pruneStalePgliteCache("demo", inUse);
      expect([stale, recent, inUse, initdb].map((file) => existsSync(file))).toEqual([
        false,
        true,
        true,
        true,
      ]);
    } finally {
      for (const file of [stale, recent, inUse, initdb]) rmSync(file, { force: true });
    }
  });
});
