import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { LOCAL_DYNAMODB_CLIENT_CONFIG } from "../functions/core/db/app-table";
import type { HttpApiHandler } from "../functions/core/http/lambda-handler";
import { installLocalWorkflowPort } from "../functions/core/workflow/process-workflow-port";
import { allFunctions, allRoutes } from "../lib/areas";
import { type RunningApiServer, startApiServer } from "./api-server";
import { createAppTable } from "./create-table";
import { loadCampaignDemo } from "./demo/load-campaign-demo";
import { loadDemoData } from "./demo/load-demo-data";
import { type DynamoDbLocal, startDynamoDbLocal } from "./dynamodb-local";
import { loadFunctionHandler } from "./load-handler";
import type { LocalStackConfig } from "./local-config";
import { type LocalPostgres, startLocalPostgres, useExternalPostgres } from "./local-postgres";
import { createScheduleRunner, type ScheduleRunner } from "./schedule-runner";
import { startSimulatedStore } from "./store/start-simulated-store";
import { createLocalWorkflowRunner, type LocalWorkflowRunner } from "./workflow-runner";

export interface LocalStack {
  apiUrl: string;
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

type Check = { status: "ok" | "down" | "disabled"; detail?: string };

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
 * Brings up the whole system on loopback: DynamoDB Local with the app table, the handlers' environment,
 * the local API Gateway, then demo data. `stop()` tears it down in reverse order, the JVM included.
 */
export const startLocalStack = async (
  config: LocalStackConfig,
  log: (line: string) => void = () => undefined,
): Promise<LocalStack> => {
  // Handler modules read their configuration once at import, as a Lambda container does, so a second
  // stack in the same process would reach the first stack's (stopped) DynamoDB Local.
  if (stackStartedInThisProcess) {
    throw new Error("One local stack per process: start another process for a second stack");
  }
  stackStartedInThisProcess = true;
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
    const dynamo: DynamoDbLocal = await startDynamoDbLocal(
      config.DYNAMODB_PORT ? { port: config.DYNAMODB_PORT } : {},
    );
    stops.push(() => dynamo.stop());
    timings.dynamodb = Date.now() - started;
    log(`DynamoDB Local   ${dynamo.endpoint} (in memory)`);
    // After the JVM answers: PGlite's WASM start keeps this thread busy and would starve its readiness poll.
    const postgres: LocalPostgres = config.DATABASE_URL
      ? await useExternalPostgres(config.DATABASE_URL)
      : await startLocalPostgres(config.DATABASE_PORT ? { port: config.DATABASE_PORT } : {});
    stops.push(() => postgres.stop());
    timings.postgres = Date.now() - started;
    log(`PostgreSQL       ${postgres.url} (${postgres.description}; psql "${postgres.url}")`);

    // The handlers read the same variables CDK sets in Lambda; these point them at local parts only.
    // AWS_* stay the caller's: DynamoDB Local's clients carry their own region and credentials.
    Object.assign(process.env, {
      TABLE_NAME: config.TABLE_NAME,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      DATABASE_URL: postgres.url,
      LLM_PROVIDER: config.LLM_PROVIDER,
      // EMF metric lines are for CloudWatch; locally they would only flood the console.
      POWERTOOLS_METRICS_DISABLED: "true",
    });

    // The simulated Auchan.pt; the store tools use STORE_URL, which may point at another store instead.
    const store = await startSimulatedStore({ port: config.STORE_PORT, host: "127.0.0.1" });
    stops.push(() => store.close());
    const demoHousehold = store.seedDemoHousehold();
    process.env.STORE_URL = config.STORE_URL ?? store.url;
    timings.store = Date.now() - started;
    log(`Simulated store  ${store.url} (household "${demoHousehold}" has a cart and past orders)`);

    const client = new DynamoDBClient({ endpoint: dynamo.endpoint, ...LOCAL_DYNAMODB_CLIENT_CONFIG });
    await createAppTable(client, config.TABLE_NAME);
    client.destroy();
    timings.table = Date.now() - started;

    // Every ASL file runs locally with each Task mapped to its handler; a Task without one refuses to start.
    const workflows = await createLocalWorkflowRunner();
    installLocalWorkflowPort(workflows);
    stops.push(async () => {
      installLocalWorkflowPort(undefined);
      await workflows.stop();
    });
    const schedules = createScheduleRunner({ workflows, knownWorkflows: workflows.workflowNames });
    if (config.SCHEDULES === "on") schedules.start();
    stops.push(async () => schedules.stop());
    timings.workflows = Date.now() - started;
    log(`Workflows        ${workflows.workflowNames.join(", ") || "(none)"}; schedules ${config.SCHEDULES}`);

    const dynamoCheck = async (): Promise<Check> => (dynamo.pid ? { status: "ok" } : { status: "down" });
    const api: RunningApiServer = await startApiServer({
      host: "127.0.0.1",
      port: config.PORT,
      routes: allRoutes(),
      functions: allFunctions(),
      loadHandler: (fn) => loadFunctionHandler<HttpApiHandler>(fn),
      localHealth: async () => ({
        dynamodb_local: await dynamoCheck(),
        llm: { status: "ok", detail: `provider ${config.LLM_PROVIDER}` },
        store: await storeCheck(store.url),
        workflows: { status: "ok", detail: workflows.workflowNames.join(", ") },
        schedules:
          config.SCHEDULES === "on"
            ? {
                status: "ok",
                detail: Object.entries(schedules.nextFireTimes())
                  .map(([n, t]) => `${n} next ${t}`)
                  .join("; "),
              }
            : { status: "disabled" },
      }),
    });
    stops.push(() => api.close());
    timings.api = Date.now() - started;
    log(`API              ${api.url}`);

    if (config.DEMO_DATA === "on") {
      const demo = await loadDemoData(api.url);
      timings.demo = Date.now() - started;
      log(
        `Demo data        ${demo.recipesCreated + demo.recipesReplaced} recipes, plan ${demo.snapshotId} ` +
          `(${demo.meals} meals) for tenant ${demo.tenant}: Authorization: Bearer dev:${demo.tenant}`,
      );
      const campaigns = await loadCampaignDemo(api.url);
      log(
        `Demo campaigns   ${campaigns.created + campaigns.updated} for tenant ${campaigns.tenant} (POST /chat/campaigns)`,
      );
    }

    return {
      apiUrl: api.url,
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
