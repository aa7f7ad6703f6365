import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { LOCAL_DYNAMODB_CLIENT_CONFIG } from "../functions/core/db/app-table";
import { ConfigError } from "../functions/core/errors";
import { installLocalEventPublisher } from "../functions/core/events/process-event-publisher";
import type { HttpApiHandler } from "../functions/core/http/lambda-handler";
import { installLocalWorkflowPort } from "../functions/core/workflow/process-workflow-port";
import { type HealthCheck, HealthResponseSchema } from "../functions/platform/http/create-platform-app";
import { allFunctions, allRoutes } from "../lib/areas";
import type { FunctionDefinition } from "../lib/definition-types";
import { repositoryRoot } from "../lib/repository-root";
import { type RunningApiServer, startApiServer } from "./api-server";
import { createApiActivity, createBackgroundTurns } from "./background-work";
import { CONSOLE_PATH, createConsoleSite } from "./console-site";
import { ensureAppTable, setTimeToLive } from "./create-table";
import {
  dynamoDbLocalOptions,
  eventsFile,
  localCursorKey,
  postgresDataDir,
  readKeptStack,
  storeStateFile,
  writeKeptStack,
} from "./data-dir";
import { DEMO_TENANT } from "./demo/demo-tenant";
import type { CampaignDemoLoaded } from "./demo/load-campaign-demo";
import { type DynamoDbLocal, startDynamoDbLocal } from "./dynamodb-local";
import { carryOnKeptWork, findKeptWork, formatKeptWork, type KeptWork, reviewResumerFor } from "./kept-work";
import type { LocalStackConfig } from "./local-config";
import { pruneStalePgliteCache, type StackPostgres, startStackPostgres } from "./local-postgres";
import { type ReviewResumer, withPausedReviews } from "./paused-reviews";
import { createStartupStep, type ReadinessCheck, runReadinessChecks } from "./readiness";
import { createScheduleRunner, type ScheduleRunner } from "./schedule-runner";
import { startSimulatedStore } from "./store/start-simulated-store";
import { createLocalEventBus, formatBusEvent } from "./workflow/local-event-bus";
import {
  importLambdaHandler,
  type LambdaHandler,
  loadLambdaHandler,
  preloadEntryChunks,
} from "./workflow/local-lambda";
import { createLocalWorkflowRunner, type LocalWorkflowRunner } from "./workflow-runner";

export interface LocalStack {
  apiUrl: string;
  /** The web console's address when the stack serves it (`consoleDir`). */
  consoleUrl?: string;
  storeUrl: string;
  workflows: LocalWorkflowRunner;
  schedules: ScheduleRunner;
  dynamoEndpoint: string;
  tableName: string;
  databaseUrl: string;
  timings: Record<string, number>;
  stop(): Promise<void>;
}

let stackStartedInThisProcess = false;

/** LARDER_START_TIMING=1: each start-up phase's end, in ms since the process started, on stderr. */
const phaseLog =
  process.env.LARDER_START_TIMING === "1"
    ? (phase: string) => {
        const cpu = process.cpuUsage();
        console.error(
          `[start-timing] ${performance.now().toFixed(0)} ms, this process's CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms: ${phase}`,
        );
      }
    : () => undefined;

type Check = HealthCheck;

const storeCheck = async (url: string): Promise<Check> => {
  try {
    const response = await fetch(new URL("/pt/pesquisa?q=leite&sz=1", url), {
      signal: AbortSignal.timeout(2000),
    });
    return response.ok
      ? { status: "ok", detail: url }
      : { status: "down", detail: `HTTP ${response.status}` };
  } catch (error) {
    return { status: "down", detail: error instanceof Error ? error.message : String(error) };
  }
};

/**
 * Waits (within `boundMs`) for the stack's own GET /health to answer 200, then resolves; refuses to report
 * the stack up while it says otherwise, naming the parts not ready. A part that is down for a moment (a
 * probe timing out on a busy machine) gets that bound to come back; /health says `starting` meanwhile.
 */
const expectReady = async (apiUrl: string, boundMs = 20_000): Promise<void> => {
  const deadline = Date.now() + boundMs;
  for (;;) {
    const response = await fetch(`${apiUrl}/health`);
    phaseLog(`GET /health ${response.status}`);
    if (response.status === 200) {
      await response.body?.cancel();
      return;
    }
    const health = HealthResponseSchema.safeParse(await response.json().catch(() => undefined));
    if (Date.now() >= deadline) {
      const notReady = health.success
        ? Object.entries(health.data.checks)
            .filter(([, check]) => check.status === "down" || check.status === "starting")
            .map(([name, check]) => `${name} ${check.status}${check.detail ? ` (${check.detail})` : ""}`)
            .join("; ")
        : `HTTP ${response.status}`;
      throw new Error(`The stack started but GET /health is not ready: ${notReady}`);
    }
    await new Promise((done) => setTimeout(done, 200));
  }
};

/**
 * Brings up the whole system on loopback: DynamoDB Local with the app table, the handlers' environment,
 * the local API Gateway, then demo data. `stop()` tears it down in reverse order, the JVM included.
 */
export interface LocalStackOptions {
  /** DynamoDB Local already starting (dev/run-larder.ts spawns the JVM first thing); stopped with the stack. */
  dynamo?: Promise<DynamoDbLocal>;
  /** The database already starting (`startStackPostgres`, from dev/run-larder.ts); stopped with the stack. */
  postgres?: StackPostgres;
  /**
   * Where a function's entry module is when it is not its TypeScript source: dev/start.mjs runs the stack
   * from one bundle (dev/stack-bundle.mjs), whose build of each entry this gives (undefined: not built).
   */
  entryModuleUrl?: (entry: string) => string | undefined;
  /**
   * The folder that keeps the data between starts (dev/data-dir.ts): DynamoDB Local's file, PGlite's data
   * directory, the simulated store's carts and orders. Absent: all in memory, gone at stop (the tests).
   */
  dataDir?: string;
  /** The web console's build folder (dev/console-build.mjs), served at /console/ once it is there. */
  consoleDir?: Promise<string>;
  /**
   * The table the data folder's DynamoDB file was copied with from the demo table's template
   * (dev/demo-table-template.ts): it holds the demo recipes and plan already, so they are not loaded again.
   */
  demoTable?: string;
}

/** Each function's handler from its entry's TypeScript source, or from its build when the stack has one. */
const handlerLoaderFor =
  (entryModuleUrl: LocalStackOptions["entryModuleUrl"]) =>
  async (fn: FunctionDefinition): Promise<LambdaHandler> => {
    if (!entryModuleUrl) return loadLambdaHandler(fn, repositoryRoot);
    const moduleUrl = entryModuleUrl(fn.entry);
    if (!moduleUrl) {
      throw new ConfigError(`Function ${fn.id}: entry ${fn.entry} is not in the local stack's bundle`, {
        details: { functionId: fn.id },
      });
    }
    return importLambdaHandler(fn, moduleUrl);
  };

export const startLocalStack = async (
  config: LocalStackConfig,
  log: (line: string) => void = () => undefined,
  options: LocalStackOptions = {},
): Promise<LocalStack> => {
  // Handler modules read their configuration once at import, as a Lambda container does, so a second
  // stack in the same process would reach the first stack's (stopped) DynamoDB Local.
  if (stackStartedInThisProcess) {
    throw new Error("One local stack per process: start another process for a second stack");
  }
  stackStartedInThisProcess = true;
  const loadHandler = handlerLoaderFor(options.entryModuleUrl);
  phaseLog("modules imported");
  const started = Date.now();
  const timings: Record<string, number> = {};
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const fn of stops.reverse()) {
      try {
        await fn();
      } catch (error) {
        log(`stop failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  try {
    // The independent parts start at once: DynamoDB Local's JVM (its own process, on the other core),
    // PGlite (WASM on this thread) and the simulated store. The JVM may already be starting (dev/run-larder.ts
    // spawns it before importing this module).
    const dynamoStarting: Promise<DynamoDbLocal> =
      options.dynamo ?? startDynamoDbLocal(dynamoDbLocalOptions(config, options.dataDir));
    // Handled here so a failure while another part starts is not an unhandled rejection; awaited below.
    dynamoStarting.catch(() => undefined);
    stops.push(() =>
      dynamoStarting.then(
        (dynamo) => dynamo.stop(),
        () => undefined,
      ),
    );

    const {
      today,
      demoSnapshot,
      starting: postgresStarting,
    } = options.postgres ?? startStackPostgres(config, options.dataDir && postgresDataDir(options.dataDir));
    postgresStarting.catch(() => undefined);
    stops.push(() =>
      postgresStarting.then(
        (postgres) => postgres.stop(),
        () => undefined,
      ),
    );

    // EventBridge in process: the workflows' PutEvents Tasks and the API's publisher deliver here; each
    // event is printed as one line and readable at GET /dev/events.
    const eventBus = createLocalEventBus(options.dataDir ? { file: eventsFile(options.dataDir) } : {});
    const unsubscribeEvents = eventBus.subscribe((event) => log(formatBusEvent(event)));
    installLocalEventPublisher(eventBus);
    stops.push(async () => {
      unsubscribeEvents();
      installLocalEventPublisher(undefined);
    });
    // Every ASL file runs locally with each Task mapped to its handler; a Task without one refuses to start.
    // The definitions are read now, while DynamoDB Local's JVM starts; each Task's handler is imported at
    // its first run, after ready, as Lambda's cold start does (they read the table's endpoint at import).
    const runnerMade = createLocalWorkflowRunner({ loadHandler, eventBus, loadHandlersOnFirstCall: true });
    runnerMade.catch(() => undefined);

    // The simulated Auchan.pt; the store tools use STORE_URL, which may point at another store instead.
    const kept = options.dataDir ? readKeptStack(options.dataDir) : undefined;
    const store = await startSimulatedStore({
      port: config.STORE_PORT,
      host: "127.0.0.1",
      ...(options.dataDir ? { stateFile: storeStateFile(options.dataDir) } : {}),
    });
    stops.push(() => store.close());
    if (store.restored) {
      log(`Simulated store  ${store.url} (carts and orders kept from the last start)`);
    } else {
      const demoHousehold = store.seedDemoHousehold();
      log(`Simulated store  ${store.url} (household "${demoHousehold}" has a cart and past orders)`);
    }
    timings.store = Date.now() - started;
    phaseLog("store");

    // The function behind GET /health (the stack's own readiness check): its build's chunks load once
    // PGlite is open, while DynamoDB Local's JVM is still starting; its entry, which reads the config, is
    // imported at the first request as before.
    const healthFunctionId = allRoutes().find((route) => route.route === "GET /health")?.functionId;
    const healthFunction = allFunctions().find((fn) => fn.id === healthFunctionId);
    const healthEntryUrl = healthFunction && options.entryModuleUrl?.(healthFunction.entry);
    if (healthEntryUrl) {
      void postgresStarting.then(
        () => preloadEntryChunks(healthEntryUrl),
        () => undefined,
      );
    }

    const dynamo = await dynamoStarting;
    timings.dynamodb = Date.now() - started;
    phaseLog("dynamodb");
    log(
      `DynamoDB Local   ${dynamo.endpoint} (${options.dataDir ? `kept in ${options.dataDir}` : "in memory"})`,
    );

    // The handlers read the same variables CDK sets in Lambda; these point them at local parts only.
    // AWS_* stay the caller's: DynamoDB Local's clients carry their own region and credentials.
    Object.assign(process.env, {
      TABLE_NAME: config.TABLE_NAME,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      LLM_PROVIDER: config.LLM_PROVIDER,
      // EMF metric lines are for CloudWatch; locally they would only flood the console.
      POWERTOOLS_METRICS_DISABLED: "true",
      STORE_URL: config.STORE_URL ?? store.url,
    });
    // Cursors sealed with the data folder's own key (kept with the table); in memory, the table's name's.
    if (options.dataDir && process.env.CURSOR_KEY === undefined) {
      process.env.CURSOR_KEY = localCursorKey(options.dataDir);
    }

    // DynamoDB Local makes the table while PGlite finishes starting. On a kept table, one Scan finds what
    // the last stop left (runs cut short, reviews waiting): read after ready, however much there is.
    const client = new DynamoDBClient({ endpoint: dynamo.endpoint, ...LOCAL_DYNAMODB_CLIENT_CONFIG });
    stops.push(async () => client.destroy());
    const tableMade = (async (): Promise<{ created: boolean }> => {
      // TTL stays off until ready (setTimeToLive): DynamoDB Local's expiry job would run beside the start.
      const created = await ensureAppTable(client, config.TABLE_NAME, { timeToLive: false });
      timings.table = Date.now() - started;
      phaseLog("table");
      return { created };
    })();
    tableMade.catch(() => undefined);
    // The kept work runs beside the API and gives way to it (dev/background-work.ts): its Scan starts at
    // ready, each page only once no request is in flight (on a large kept table it holds DynamoDB Local's JVM:
    // measured, /health's table check queued behind it), and so does each mark and resumption after it. A
    // review that arrives first waits for the Scan through `resumerMade`: the Scan then stops giving way.
    const apiActivity = createApiActivity();
    // A Scan page holds the JVM for a few hundred ms: it waits for a quiet moment (a page's requests come in a
    // burst). A mark or a resumption is short: it goes whenever no request is in flight.
    const scanTurns = createBackgroundTurns(apiActivity, { quietMs: 250 });
    const keptWorkTurns = createBackgroundTurns(apiActivity, { quietMs: 0 });
    let reachedReady: () => void = () => undefined;
    const readyReached = new Promise<void>((resolve) => {
      reachedReady = resolve;
    });
    // A table copied from the demo table's template is as new: the folder was empty, nothing was kept.
    const tableFromTemplate = options.demoTable === config.TABLE_NAME;
    const keptWork: Promise<KeptWork | undefined> = Promise.all([tableMade, readyReached]).then(
      ([{ created }]) =>
        created || tableFromTemplate
          ? undefined
          : findKeptWork(DynamoDBDocumentClient.from(client), config.TABLE_NAME, { turns: scanTurns }),
    );
    keptWork.catch(() => undefined);

    const postgres = await postgresStarting;
    process.env.DATABASE_URL = postgres.url;
    // The local PGlite is one session its socket server shares between our clients (every handler's own).
    if (!config.DATABASE_URL) process.env.DATABASE_SHARED_SESSION = "true";
    timings.postgres = Date.now() - started;
    phaseLog("postgres");
    log(`PostgreSQL       ${postgres.url} (${postgres.description}; psql "${postgres.url}")`);
    const { created: tableCreated } = await tableMade;

    // The runner (made above) gets the kept work's resumer, the process's workflow port and the schedules
    // once the table is there; /health says `workflows starting` until then.
    let workflows: LocalWorkflowRunner | undefined;
    let schedules: ScheduleRunner | undefined;
    // A review that arrives before its paused workflow was carried on carries it on first (dev/paused-reviews.ts).
    let resumerMade: Promise<ReviewResumer | undefined> | undefined;
    const workflowsStarting = (async () => {
      const runner = await runnerMade;
      resumerMade = keptWork.then((work) =>
        work ? reviewResumerFor(client, config.TABLE_NAME, work, runner) : undefined,
      );
      resumerMade.catch(() => undefined);
      installLocalWorkflowPort(
        withPausedReviews(runner, () => {
          // A review waits on the kept work's Scan: it goes on without giving way.
          scanTurns.hurry();
          return resumerMade ?? Promise.resolve(undefined);
        }),
      );
      workflows = runner;
      schedules = createScheduleRunner({ workflows: runner, knownWorkflows: runner.workflowNames });
      if (config.SCHEDULES === "on") schedules.start();
      timings.workflows = Date.now() - started;
      phaseLog("workflows");
      log(`Workflows        ${runner.workflowNames.join(", ") || "(none)"}; schedules ${config.SCHEDULES}`);
    })();
    workflowsStarting.catch(() => undefined);
    stops.push(async () => {
      await workflowsStarting.catch(() => undefined);
      schedules?.stop();
      if (workflows) {
        installLocalWorkflowPort(undefined);
        await workflows.stop();
      }
    });

    const dynamoCheck = async (): Promise<Check> => (dynamo.pid ? { status: "ok" } : { status: "down" });
    // Loaded once into an empty data folder: a kept one holds the demo data and whatever was changed since.
    const loadDemo = config.DEMO_DATA === "on" && !kept?.demoDataLoadedAt;
    const demoData = createStartupStep(
      config.DEMO_DATA === "on",
      loadDemo ? "loading the demo recipes and plan" : "kept from an earlier start",
    );
    // Every part the README's first calls need; /health answers 200 only when each is ok or disabled.
    const readinessChecks: ReadinessCheck[] = [
      { name: "dynamodb_local", check: dynamoCheck },
      // Which provider is configured, never whether it answers (that is the `model` check, from the breakers):
      // `disabled` without one, so the two never say `ok` and `degraded` of the same model.
      {
        name: "llm",
        check: () =>
          config.LLM_PROVIDER === "none"
            ? { status: "disabled", detail: "no provider configured: every area answers offline" }
            : {
                status: "ok",
                detail: `provider ${config.LLM_PROVIDER} configured; whether it answers: model`,
              },
      },
      { name: "store", check: () => storeCheck(store.url) },
      {
        name: "workflows",
        check: () =>
          workflows
            ? { status: "ok", detail: workflows.workflowNames.join(", ") }
            : { status: "starting", detail: "reading the workflows' definitions" },
      },
      {
        name: "schedules",
        check: () =>
          !schedules
            ? { status: "starting", detail: "waiting for the workflows" }
            : config.SCHEDULES === "on"
              ? {
                  status: "ok",
                  detail: Object.entries(schedules.nextFireTimes())
                    .map(([n, t]) => `${n} next ${t}`)
                    .join("; "),
                }
              : { status: "disabled" },
      },
      { name: "demo_data", check: demoData.check },
    ];
    let ready = false;
    const api: RunningApiServer = await startApiServer({
      host: "127.0.0.1",
      port: config.PORT,
      routes: allRoutes(),
      functions: allFunctions(),
      loadHandler: async (fn) => (await loadHandler(fn)) as HttpApiHandler,
      localHealth: () => runReadinessChecks(readinessChecks),
      // `starting`, never `degraded`, until the stack has been ready once (expectReady below).
      stillStarting: () => !ready,
      activity: apiActivity,
      localEvents: () => eventBus.events(),
      ...(options.consoleDir ? { site: createConsoleSite(options.consoleDir, DEMO_TENANT) } : {}),
    });
    stops.push(() => api.close());
    timings.api = Date.now() - started;
    phaseLog("api");
    log(`API              ${api.url}`);

    if (config.DEMO_DATA === "on" && !loadDemo) {
      demoData.ready(
        `kept from the start of ${kept?.demoDataLoadedAt} (npm start -- --fresh to start clean)`,
      );
      log(`Demo data        kept from ${kept?.demoDataLoadedAt}, with every change since (not loaded again)`);
    }
    if (loadDemo) {
      // Imported only to load the demo (the cook domain's schemas among them): a restart does not.
      const [
        { demoDataInTemplate, loadDemoData },
        { demoCatalog },
        { DEMO_CAMPAIGNS_CACHED_DAY, demoCampaigns },
        { loadDemoDatabase },
        { shiftDemoCampaigns },
      ] = await Promise.all([
        import("./demo/load-demo-data"),
        import("./demo/catalog-demo"),
        import("./demo/demo-campaigns"),
        import("./demo/load-demo-database"),
        import("./demo/shift-demo-campaigns"),
      ]);
      // Copied with the data folder's DynamoDB file from the template, or loaded through the API.
      const demo = tableFromTemplate && !tableCreated ? demoDataInTemplate() : await loadDemoData(api.url);
      phaseLog("demo recipes and plan");
      let catalog: { categories: number; products: number };
      let campaigns: CampaignDemoLoaded;
      if (postgres.fromSnapshot) {
        // Already in the database the snapshot started (the same catalog and campaigns, byte for byte).
        const demoCatalogContent = demoCatalog();
        catalog = {
          categories: demoCatalogContent.categories.length,
          products: demoCatalogContent.products.length,
        };
        campaigns = { tenant: DEMO_TENANT, created: 0, updated: demoCampaigns(today).length };
      } else if (demoSnapshot && postgres.saveSnapshot) {
        // No cached demo database yet (npm ci's postinstall makes it): loaded dated from its fixed day and
        // saved for every later start, then moved to today as a start from it does.
        ({ catalog, campaigns } = await loadDemoDatabase(api.url, DEMO_CAMPAIGNS_CACHED_DAY));
        phaseLog("demo catalog and campaigns");
        await postgres.saveSnapshot(demoSnapshot);
        await pruneStalePgliteCache("demo", demoSnapshot);
        phaseLog("demo database cached");
        await shiftDemoCampaigns(postgres.url, today);
        phaseLog("demo campaigns dated from today");
      } else {
        ({ catalog, campaigns } = await loadDemoDatabase(api.url, today));
        phaseLog("demo catalog and campaigns");
      }
      if (options.dataDir) writeKeptStack(options.dataDir, { demoDataLoadedAt: new Date().toISOString() });
      demoData.ready(
        `plan ${demo.snapshotId}, ${catalog.products} catalog products, ` +
          `${campaigns.created + campaigns.updated} campaigns for tenant ${demo.tenant}`,
      );
      timings.demo = Date.now() - started;
      phaseLog("demo");
      log(
        `Demo data        ${demo.recipesCreated + demo.recipesReplaced} recipes, plan ${demo.snapshotId} ` +
          `(${demo.meals} meals) for tenant ${demo.tenant}: Authorization: Bearer dev:${demo.tenant}`,
      );
      log(
        `Demo catalog     ${catalog.products} products in ${catalog.categories} categories (POST /chat/catalog)`,
      );
      log(
        `Demo campaigns   ${campaigns.created + campaigns.updated} for tenant ${campaigns.tenant} (POST /chat/campaigns)`,
      );
    }

    await workflowsStarting;
    if (!workflows || !schedules) throw new Error("The local workflows did not start");

    // The caller prints its ready line when this returns: make sure /health says so too.
    await expectReady(api.url);
    ready = true;
    dynamo.servedFirstRequests();
    reachedReady();

    // After ready: what the last stop left is marked and carried on, a few at a time, then one line says so.
    let stopping = false;
    const carriedOn = (async () => {
      const [work, resumer] = await Promise.all([keptWork, resumerMade]);
      if (!work || !resumer) return;
      const summary = await carryOnKeptWork(client, config.TABLE_NAME, work, resumer, keptWorkTurns);
      phaseLog("kept work carried on");
      const line = formatKeptWork(summary);
      if (line && !stopping) log(line);
    })().catch((error: unknown) => {
      if (!stopping)
        log(`Kept work        not carried on: ${error instanceof Error ? error.message : String(error)}`);
    });
    // The table's TTL on once the kept work is carried on (DynamoDB Local's expiry job then starts), and
    // off again at stop, so that the next start's JVM does not run the job before ready. A start after a
    // crash finds it on: that start runs the job early, as before, and its stop turns it off.
    const timeToLiveOn = carriedOn.then(async () => {
      if (!stopping) await setTimeToLive(client, config.TABLE_NAME, true);
    });
    timeToLiveOn.catch((error: unknown) => {
      if (!stopping)
        log(`Table TTL        not turned on: ${error instanceof Error ? error.message : String(error)}`);
    });
    stops.push(async () => {
      stopping = true;
      scanTurns.stop();
      keptWorkTurns.stop();
      (await resumerMade?.catch(() => undefined))?.stop();
      await carriedOn;
      await timeToLiveOn.catch(() => undefined);
      // Bounded, and a saving only: a JVM that no longer answers must not hold or fail the stop.
      if (options.dataDir)
        await setTimeToLive(client, config.TABLE_NAME, false, AbortSignal.timeout(2000)).catch(
          () => undefined,
        );
    });

    return {
      apiUrl: api.url,
      ...(options.consoleDir ? { consoleUrl: `${api.url}${CONSOLE_PATH}` } : {}),
      storeUrl: store.url,
      workflows,
      schedules,
      dynamoEndpoint: dynamo.endpoint,
      tableName: config.TABLE_NAME,
      databaseUrl: postgres.url,
      timings,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};
