import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { HttpApiHandler } from "../functions/core/http/lambda-handler";
import { allFunctions, allRoutes } from "../lib/areas";
import { repositoryRoot } from "../lib/repository-root";
import { startApiServer } from "./api-server";
import { DEMO_CAMPAIGNS_CACHED_DAY } from "./demo/demo-campaigns";
import { loadDemoDatabase } from "./demo/load-demo-database";
import {
  demoDatabaseIn,
  initdbTemplateIn,
  pruneStalePgliteCache,
  STACK_PGLITE_SETTINGS,
  startLocalPostgres,
} from "./local-postgres";
import { importLambdaHandler, loadLambdaHandler } from "./workflow/local-lambda";

/** The routes the demo database is loaded through (dev/demo/load-demo-database.ts). */
const DEMO_DATABASE_ROUTES = ["PUT /catalog/categories/{id}", "POST /catalog/products", "POST /campaigns"];

/**
 * The cached demo database made ahead of a first start (dev/postinstall.mjs, run by `npm ci`), as a start
 * without it makes it: PGlite from the initdb template with the migrations, the functions behind the demo's
 * routes served by the local API server, the demo catalog and campaigns loaded through it (dated from the
 * fixed day), the database saved. The local embedding only (the key names it): an install calls no model.
 * One already there is kept. `entryModuleUrl`: the stack bundle's build of a function's entry (as a start
 * loads them); without it, from their TypeScript sources. Throws when it could not be written.
 */
export const prepareDemoDatabase = async (options: {
  cacheDir: string;
  entryModuleUrl?: (entry: string) => string | undefined;
}): Promise<"kept" | "built"> => {
  const localEmbedding = { EMBEDDING_PROVIDER: "local" };
  const file = demoDatabaseIn(options.cacheDir, localEmbedding);
  if (existsSync(file)) return "kept";
  await mkdir(dirname(file), { recursive: true });
  const scratch = await mkdtemp(join(tmpdir(), "larder-demo-database-"));
  const postgres = await startLocalPostgres({
    dataDir: join(scratch, "postgres"),
    initdbTemplate: initdbTemplateIn(options.cacheDir),
    settings: STACK_PGLITE_SETTINGS,
  });
  try {
    // What the handlers read at their first request, as the local stack sets it (dev/local-stack.ts); no
    // table is used by these routes, and no model.
    delete process.env.EMBEDDING_MODEL;
    Object.assign(process.env, {
      ...localEmbedding,
      DATABASE_URL: postgres.url,
      DATABASE_SHARED_SESSION: "true",
      TABLE_NAME: "larder-postinstall",
      LLM_PROVIDER: "none",
      POWERTOOLS_METRICS_DISABLED: "true",
      LOG_LEVEL: "WARN",
    });
    const functionIds = new Set(
      allRoutes()
        .filter((route) => DEMO_DATABASE_ROUTES.includes(route.route))
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
      await loadDemoDatabase(api.url, DEMO_CAMPAIGNS_CACHED_DAY);
    } finally {
      await api.close();
    }
    if (!postgres.saveSnapshot) throw new Error("PGlite saves no snapshot");
    await postgres.saveSnapshot(file);
    await pruneStalePgliteCache("demo", file);
  } finally {
    await postgres.stop();
    await rm(scratch, { recursive: true, force: true });
  }
  return "built";
};
