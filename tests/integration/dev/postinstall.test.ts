import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { DescribeTimeToLiveCommand, DynamoDBClient, ScanCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, describe, expect, it } from "vitest";
import { ensureConsoleBuild } from "../../../dev/console-build.mjs";
import { demoCatalog } from "../../../dev/demo/catalog-demo";
import { DEMO_CAMPAIGNS_CACHED_DAY, demoCampaigns } from "../../../dev/demo/demo-campaigns";
import { demoDataInTemplate } from "../../../dev/demo/load-demo-data";
import { shiftDemoCampaigns } from "../../../dev/demo/shift-demo-campaigns";
import { placeDemoTable } from "../../../dev/demo-table-template";
import { findJar, findJava, startDynamoDbLocal } from "../../../dev/dynamodb-local";
import { planClassArchive } from "../../../dev/dynamodb-local-cds";
import {
  demoDatabaseIn,
  initdbTemplateIn,
  type LocalPostgres,
  startLocalPostgres,
} from "../../../dev/local-postgres";
import { ensureStackBundle } from "../../../dev/stack-bundle.mjs";
import { LOCAL_DYNAMODB_CLIENT_CONFIG } from "../../../functions/core/db/app-table";
import { tableDefinition } from "../../../functions/core/db/table-definition";
import { readMigrationFiles } from "../../../functions/core/sql/migration-files";
import { PROJECT_ROOT } from "../../support/project-script";
import { queryOnce } from "../../support/query-once";
import { scaledTimeout } from "../../support/test-timeouts";

// `npm ci` runs the root package's postinstall (dev/postinstall.mjs): it makes the initdb template, the stack
// bundle and the web console ahead of the first `npm start`. Run here as npm runs it, into a cache of its own.

const dir = mkdtempSync(join(tmpdir(), "larder-postinstall-"));
const started: LocalPostgres[] = [];
afterAll(async () => {
  for (const postgres of started) await postgres.stop();
  rmSync(dir, { recursive: true, force: true });
});

const runPostinstall = (cacheDir: string, env: Record<string, string> = {}) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      "npm",
      ["run", "--silent", "postinstall", "--", "--cache-dir", cacheDir],
      { cwd: PROJECT_ROOT, env: { ...process.env, ...env }, timeout: scaledTimeout(170_000) },
      (error, stdout, stderr) =>
        done({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr }),
    );
  });

describe("npm's postinstall (dev/postinstall.mjs)", () => {
  it(
    "makes the initdb template, the demo database, the stack bundle, the web console, the workflows' validation and DynamoDB Local's class archive, and a first start finds each made",
    async () => {
      const cacheDir = join(dir, "cache");
      const outcome = await runPostinstall(cacheDir);
      expect(outcome.code).toBe(0);
      expect(outcome.stdout.trim().split("\n")).toEqual([
        expect.stringMatching(
          /^Larder: prepared the first `npm start` in \d+\.\d s \(initdb template, demo data, stack bundle, web console, workflows validated, DynamoDB Local's class archive\)$/,
        ),
      ]);

      // An empty data folder opens from the template: initdb does not run again (it would rewrite the file).
      const template = initdbTemplateIn(cacheDir);
      const written = statSync(template).mtimeMs;
      const postgres = await startLocalPostgres({ dataDir: join(dir, "data"), initdbTemplate: template });
      started.push(postgres);
      expect(statSync(template).mtimeMs).toBe(written);
      expect(await queryOnce(postgres.url, "SELECT count(*)::int AS n FROM schema_migrations")).toEqual([
        { n: readMigrationFiles().length },
      ]);

      // The demo database, with no day in its name: an empty folder opens from it (no migration to apply)
      // with the demo catalog and campaigns, dated from the fixed day, and moved to any other day.
      const demoDatabase = demoDatabaseIn(cacheDir, { EMBEDDING_PROVIDER: "local" });
      const demo = await startLocalPostgres({ dataDir: join(dir, "demo"), snapshot: demoDatabase });
      started.push(demo);
      expect(demo.fromSnapshot).toBe(true);
      const captureDates = async () =>
        (
          await queryOnce(
            demo.url,
            "SELECT id, capture_date::text AS capture_date FROM campaigns WHERE tenant = 'demo'",
          )
        ).map((row) => `${row.id} ${row.capture_date}`);
      const datedFrom = (day: Date) => demoCampaigns(day).map((c) => `${c.id} ${c.capture_date}`);
      expect((await captureDates()).sort()).toEqual(datedFrom(DEMO_CAMPAIGNS_CACHED_DAY).sort());
      const anotherDay = new Date("2027-08-09T12:00:00.000Z");
      expect(await shiftDemoCampaigns(demo.url, anotherDay)).toBe(demoCampaigns(anotherDay).length);
      expect((await captureDates()).sort()).toEqual(datedFrom(anotherDay).sort());
      expect(await queryOnce(demo.url, "SELECT count(*)::int AS n FROM catalog_products")).toEqual([
        { n: demoCatalog().products.length },
      ]);

      // The demo table's template, keyed by the bundle: an empty folder's DynamoDB Local opens with the app
      // table and the demo recipes and plan in it.
      const bundleKey = basename(
        (await ensureStackBundle({ root: PROJECT_ROOT, cacheDir: join(cacheDir, "stack") })).dir,
      );
      const dbPath = join(dir, "dynamodb");
      expect(placeDemoTable({}, dbPath, bundleKey, cacheDir)).toBe("larder-local");
      const dynamo = await startDynamoDbLocal({ dbPath, classArchiveDir: false });
      const client = new DynamoDBClient({ endpoint: dynamo.endpoint, ...LOCAL_DYNAMODB_CLIENT_CONFIG });
      try {
        const items = await client.send(new ScanCommand({ TableName: "larder-local" }));
        const keys = (items.Items ?? []).map((item) => item[tableDefinition.partitionKey]?.S ?? "");
        const { meals, recipesCreated } = demoDataInTemplate();
        expect(keys.filter((key) => key.startsWith("T#demo#RECIPE#"))).toHaveLength(recipesCreated);
        expect(keys.filter((key) => key === "T#demo#PLAN#demo-week")).toHaveLength(meals + 1);
        // TTL off, as a start keeps it until ready: a copy's JVM must not run the expiry job before ready.
        const { TimeToLiveDescription } = await client.send(
          new DescribeTimeToLiveCommand({ TableName: "larder-local" }),
        );
        expect(TimeToLiveDescription?.TimeToLiveStatus).toBe("DISABLED");
      } finally {
        client.destroy();
        await dynamo.stop();
      }

      // The start's own checks find the bundle and the console current: neither is built again.
      const bundle = await ensureStackBundle({ root: PROJECT_ROOT, cacheDir: join(cacheDir, "stack") });
      expect(bundle.built).toBe(false);
      expect(bundle.entryModuleUrl("dev/run-larder.ts")).toBeDefined();
      const consoleBuild = await ensureConsoleBuild({
        root: PROJECT_ROOT,
        cacheDir: join(cacheDir, "console"),
      });
      expect(consoleBuild.built).toBe(false);
      expect(existsSync(join(consoleBuild.dir, "index.html"))).toBe(true);

      // DynamoDB Local's JVM starts from the class archive made at install.
      const { jar, libDir } = findJar();
      const plan = planClassArchive({
        java: findJava(),
        jar,
        libDir,
        cacheDir: join(cacheDir, "dynamodb-local"),
      });
      expect(plan?.launch.find((option) => option.startsWith("-XX:SharedArchiveFile="))).toBeDefined();
    },
    scaledTimeout(180_000),
  );

  it("never fails the install: what it cannot make is said in one line and left to npm start", async () => {
    // A cache folder that cannot be made (a file stands in its place), as in a read-only node_modules.
    const blocked = join(dir, "blocked");
    writeFileSync(blocked, "not a folder");
    const outcome = await runPostinstall(blocked);
    expect(outcome.code).toBe(0);
    const lines = outcome.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Larder: not prepared at install, `npm start` makes it: /);
    for (const part of [
      "the stack bundle",
      "PostgreSQL's initdb template",
      "the demo data",
      "the web console",
    ])
      expect(lines[0]).toContain(part);
  });

  it("does nothing with LARDER_POSTINSTALL=off", async () => {
    const cacheDir = join(dir, "off");
    const outcome = await runPostinstall(cacheDir, { LARDER_POSTINSTALL: "off" });
    expect(outcome).toMatchObject({ code: 0, stdout: "" });
    expect(existsSync(cacheDir) ? readdirSync(cacheDir) : []).toEqual([]);
  });
});
