import "./polyfills";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { LOCAL_DYNAMODB_CLIENT_CONFIG } from "../functions/core/db/app-table";
import type { HttpApiHandler } from "../functions/core/http/lambda-handler";
import { allFunctions, allRoutes } from "../lib/areas";
import { repositoryRoot } from "../lib/repository-root";
import { startApiServer } from "./api-server";
import { ensureAppTable } from "./create-table";
import { DEMO_CAMPAIGNS_CACHED_DAY } from "./demo/demo-campaigns";
import { loadDemoData } from "./demo/load-demo-data";
import { loadDemoDatabase } from "./demo/load-demo-database";
import { DYNAMODB_LOCAL_FILE, demoTableTemplateIn } from "./demo-table-template";
import { type DynamoDbLocal, startDynamoDbLocal } from "./dynamodb-local";
import {
  demoDatabaseIn,
  initdbTemplateIn,
  type LocalPostgres,
  pruneStalePgliteCache,
  STACK_PGLITE_SETTINGS,
  startLocalPostgres,
} from "./local-postgres";
import { importLambdaHandler, loadLambdaHandler } from "./workflow/local-lambda";
import { writeFileAside } from "./write-file-aside.mjs";

/** The routes the demo data is loaded through: dev/demo/load-demo-database.ts's, then load-demo-data.ts's. */
const DEMO_DATABASE_ROUTES = ["PUT /catalog/categories/{id}", "POST /catalog/products", "POST /campaigns"];
const DEMO_TABLE_ROUTES = ["PUT /recipes/{recipe_id}", "POST /plans"];

/** The table the template holds: the local stack's default TABLE_NAME (its key names it). */
const DEMO_TABLE_NAME = "larder-local";

export interface PrepareDemoDataOptions {
  cacheDir: string;
  /** The stack bundle's build of a function's entry, as a start loads them; without it, their sources. */
  entryModuleUrl?: (entry: string) => string | undefined;
  /** The stack bundle's key: without it, no demo table's template (its key). */
  stackKey?: string;
}

/**
 * What a first start into an empty folder would load before it is ready, made ahead of it by npm ci's
 * postinstall (dev/postinstall.mjs) as a start makes it: the functions behind the demo's routes served by
 * the local API server, the demo data loaded through them by the start's own loaders, then kept in the
 * cache folder:
 * - the cached demo database (dev/local-postgres.ts): PGlite from the initdb template with the migrations,
 *   the demo catalog and campaigns (dated from the fixed day), saved;
 * - the demo table's template (dev/demo-table-template.ts): DynamoDB Local's file with the app table and the
 *   demo recipes and plan.
 * The local embedding only (the database's key names it): an install calls no model. One already there is
 * kept. Once per process (the handlers read their configuration once). Throws when one could not be made.
 */
export const prepareDemoData = async (
  options: PrepareDemoDataOptions,
): Promise<{ database: "kept" | "built"; table: "kept" | "built" | "no key" }> => {
  const localEmbedding = { EMBEDDING_PROVIDER: "local" };
  const databaseFile = demoDatabaseIn(options.cacheDir, localEmbedding);
  const tableFile = options.stackKey
    ? demoTableTemplateIn(options.cacheDir, options.stackKey, DEMO_TABLE_NAME)
    : undefined;
  const makeDatabase = !existsSync(databaseFile);
  const makeTable = tableFile !== undefined && !existsSync(tableFile);
  const outcome = {
    database: makeDatabase ? "built" : "kept",
    table: tableFile === undefined ? "no key" : makeTable ? "built" : "kept",
  } as const;
  if (!makeDatabase && !makeTable) return outcome;
  await mkdir(options.cacheDir, { recursive: true });
  const scratch = await mkdtemp(join(tmpdir(), "larder-demo-data-"));
  let postgres: LocalPostgres | undefined;
  let dynamo: DynamoDbLocal | undefined;
  try {
    // DynamoDB Local's JVM (its own process) starts while PGlite opens; no class archive of its own (the
    // postinstall makes that beside this).
    const dynamoStarting = makeTable
      ? startDynamoDbLocal({ dbPath: join(scratch, "dynamodb"), classArchiveDir: false })
      : undefined;
    dynamoStarting?.catch(() => undefined);
    postgres = makeDatabase
      ? await startLocalPostgres({
          dataDir: join(scratch, "postgres"),
          initdbTemplate: initdbTemplateIn(options.cacheDir),
          settings: STACK_PGLITE_SETTINGS,
        })
      : undefined;
    dynamo = await dynamoStarting;
    if (dynamo) {
      const client = new DynamoDBClient({ endpoint: dynamo.endpoint, ...LOCAL_DYNAMODB_CLIENT_CONFIG });
      try {
        // TTL off, as the start keeps it until ready (dev/local-stack.ts): a copy must not run the expiry job.
        await ensureAppTable(client, DEMO_TABLE_NAME, { timeToLive: false });
      } finally {
        client.destroy();
      }
    }
    // What the handlers read at their first request, as the local stack sets it (dev/local-stack.ts).
    delete process.env.EMBEDDING_MODEL;
    Object.assign(process.env, {
      ...localEmbedding,
      TABLE_NAME: DEMO_TABLE_NAME,
      ...(dynamo ? { DYNAMODB_ENDPOINT: dynamo.endpoint } : {}),
      ...(postgres ? { DATABASE_URL: postgres.url, DATABASE_SHARED_SESSION: "true" } : {}),
      LLM_PROVIDER: "none",
      POWERTOOLS_METRICS_DISABLED: "true",
      LOG_LEVEL: "WARN",
    });
    const routes = [...(makeDatabase ? DEMO_DATABASE_ROUTES : []), ...(makeTable ? DEMO_TABLE_ROUTES : [])];
    const functionIds = new Set(
      allRoutes()
        .filter((route) => routes.includes(route.route))
        .map((route) => route.functionId),
    );
    const entryModuleUrl = options.entryModuleUrl;
    const api = await startApiServer({
      host: "127.0.0.1",
      port: 0,
      routes: allRoutes().filter((route) => functionIds.has(route.functionId)),
      functions: allFunctions().filter((fn) => functionIds.has(fn.id)),
      loadHandler: async (fn) => {
        const moduleUrl = entryModuleUrl?.(fn.entry);
        return (
          moduleUrl ? await importLambdaHandler(fn, moduleUrl) : await loadLambdaHandler(fn, repositoryRoot)
        ) as HttpApiHandler;
      },
    });
    try {
      // The recipes and plan go to the JVM while this thread loads the catalog and campaigns.
      await Promise.all([
        makeTable ? loadDemoData(api.url) : undefined,
        makeDatabase ? loadDemoDatabase(api.url, DEMO_CAMPAIGNS_CACHED_DAY) : undefined,
      ]);
    } finally {
      await api.close();
    }
    if (postgres) {
      if (!postgres.saveSnapshot) throw new Error("PGlite saves no snapshot");
      await postgres.saveSnapshot(databaseFile);
      await pruneStalePgliteCache("demo", databaseFile);
    }
    if (dynamo && tableFile) {
      // Stopped first: its file then holds every write, and nothing writes it while it is copied.
      await dynamo.stop();
      dynamo = undefined;
      await writeFileAside(tableFile, await readFile(join(scratch, "dynamodb", DYNAMODB_LOCAL_FILE)));
      await pruneOtherTableTemplates(tableFile);
    }
  } finally {
    await dynamo?.stop();
    await postgres?.stop();
    await rm(scratch, { recursive: true, force: true });
  }
  return outcome;
};

/** The templates of other sources' keys (each npm ci makes its own): only the one written is kept. */
const pruneOtherTableTemplates = async (keep: string): Promise<void> => {
  const dir = dirname(keep);
  for (const name of await readdir(dir)) {
    const file = join(dir, name);
    if (file !== keep && name.startsWith("dynamodb-demo-") && name.endsWith(".db"))
      await rm(file, { force: true });
  }
};
