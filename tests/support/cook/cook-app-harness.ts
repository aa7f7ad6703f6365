import { createLambdaContext } from "../../../dev/lambda-context";
import { type CookComponents, createCookApi } from "../../../functions/cook/wiring/cook-api-wiring";
import { toLambdaHandler } from "../../../functions/core/http/lambda-handler";
import type { LlmPort } from "../../../functions/core/llm";
import { createLogger, type Logger } from "../../../functions/core/logger";
import { buildHttpApiEvent, resultJson, structuredResult } from "../http-api-event";
import { createFakeLlm } from "../llm/fake-llm";
import { planBody, RECIPES } from "./cook-fixtures";
import { type CookTestDeps, createCookTestDeps } from "./cook-test-deps";
import type { InMemorySnapshotRepositoryOptions } from "./in-memory-snapshot-repository";
import { RecordingRetryTiming } from "./recording-retry-timing";

export interface CallOptions {
  /** The tenant claim; `null` sends no authorizer claims at all. */
  tenant?: string | null;
  claims?: Record<string, string>;
  /** A JSON value, or a string sent as is (malformed JSON). */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Record<string, string>;
  text: string;
  json(): unknown;
}

/**
 * The cook app on in-memory repositories (one set per tenant), called through its Lambda handler with an
 * API Gateway v2 event built by hand, as the deployed API calls it.
 */
export const createCookAppHarness = (
  options: {
    llm?: LlmPort;
    llmGenerators?: CookComponents["llmGenerators"];
    /** The app's logger (a test may read what it writes); a Powertools logger by default. */
    logger?: Logger;
    plans?: InMemorySnapshotRepositoryOptions;
    maxBodyBytes?: number;
    /** The Lambda's configured timeout; its remaining time is the kitchen chat's deadline. */
    lambdaTimeoutSeconds?: number;
  } = {},
) => {
  const tenants = new Map<string, CookTestDeps>();
  const tenantDeps = (tenant: string): CookTestDeps => {
    const existing = tenants.get(tenant);
    if (existing) return existing;
    const created = createCookTestDeps(options.plans ? { plans: options.plans } : {});
    tenants.set(tenant, created);
    return created;
  };
  let nextId = 0;
  const logger = options.logger ?? createLogger("cook-http-test");
  const app = createCookApi({
    logger,
    repositoriesFor: (tenant) => {
      const deps = tenantDeps(tenant);
      return { plans: deps.plans, recipes: deps.recipes };
    },
    clock: { now: () => new Date("2025-12-27T10:00:00.000Z") },
    retryTiming: new RecordingRetryTiming(),
    newId: () => {
      nextId += 1;
      return `snap_generated_${nextId}`;
    },
    llm: options.llm ?? createFakeLlm(),
    ...(options.llmGenerators === undefined ? {} : { llmGenerators: options.llmGenerators }),
    ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
  });
  const handler = toLambdaHandler(app, logger);

  const call = async (method: string, path: string, callOptions: CallOptions = {}): Promise<CallResult> => {
    const tenant = callOptions.tenant === undefined ? "alice" : callOptions.tenant;
    const claims = callOptions.claims ?? (tenant === null ? undefined : { tenant });
    const event = buildHttpApiEvent({
      method,
      path,
      ...(callOptions.body === undefined ? {} : { body: callOptions.body }),
      ...(callOptions.headers ? { headers: callOptions.headers } : {}),
      ...(claims ? { claims } : {}),
    });
    const result = structuredResult(
      await handler(event, createLambdaContext("CookApi", options.lambdaTimeoutSeconds ?? 29)),
    );
    const headers = Object.fromEntries(
      Object.entries(result.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    return {
      status: result.statusCode ?? 200,
      headers,
      text: result.body ?? "",
      json: () => resultJson(result),
    };
  };

  return { app, call, tenantDeps };
};

type Call = ReturnType<typeof createCookAppHarness>["call"];

/** Stores the fixture recipes and the fixture plan for a tenant, failing loudly if any request is refused. */
export const seedPlan = async (call: Call, snapshotId: string, tenant = "alice"): Promise<void> => {
  for (const [recipeId, body] of Object.entries(RECIPES)) {
    const put = await call("PUT", `/recipes/${recipeId}`, { tenant, body });
    if (put.status !== 201 && put.status !== 200)
      throw new Error(`PUT ${recipeId}: ${put.status} ${put.text}`);
  }
  const plan = await call("POST", "/plans", { tenant, body: planBody(snapshotId) });
  if (plan.status !== 201) throw new Error(`POST /plans: ${plan.status} ${plan.text}`);
};
