import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { NotFoundError } from "../../core/errors";
import type { ApiEnv } from "../../core/http/api-env";
import { createApi } from "../../core/http/create-api";
import { createUsageRecorder, logUsageTotals } from "../../core/llm/usage-recorder";
import { recordingUsage } from "../../core/llm/usage-recording-llm";
import { defaultHouseholdPreferences } from "../domain/household-preferences";
import { runOptionsSchema } from "../domain/shop-run";
import { getRunView } from "../domain/use-cases/get-run";
import { saveShopPreferences } from "../domain/use-cases/save-preferences";
import { startShopRun } from "../domain/use-cases/start-run";
import { householdForTenant } from "../domain/household-for-tenant";
import type { ShopApiDeps } from "./shop-api-deps";
import {
  createShopRunRoute,
  decideShopRunRoute,
  generateSubstituteQueriesRoute,
  getShopPreferencesRoute,
  getShopRunRoute,
  listShopRunsRoute,
  putShopPreferencesRoute,
  rankSubstitutesRoute,
} from "./shop-routes";

/**
 * The shop area's HTTP API: each handler validates (the routes' zod schemas), runs one use case on the
 * tenant's repository and household, and maps the result.
 */
export const createShopApp = (deps: ShopApiDeps): OpenAPIHono<ApiEnv> => {
  const app = createApi({
    logger: deps.logger,
    auth: "required",
    ...(deps.maxBodyBytes === undefined ? {} : { maxBodyBytes: deps.maxBodyBytes }),
  });
  const runs = (c: Context<ApiEnv>) => deps.runsFor(c.get("tenant"));

  /** A model call of one request, its usage logged in one line. */
  const withModel = async <T>(
    c: Context<ApiEnv>,
    handle: (llm: ShopApiDeps["llm"]) => Promise<T>,
  ): Promise<T> => {
    const recorder = createUsageRecorder();
    try {
      return await handle(recordingUsage(deps.llm, recorder));
    } finally {
      if (recorder.entries().length > 0) {
        logUsageTotals(c.get("logger"), recorder, { route: `${c.req.method} ${c.req.routePath}` });
      }
    }
  };

  app.openapi(createShopRunRoute, async (c) => {
    const body = c.req.valid("json");
    const { "idempotency-key": idempotencyKey } = c.req.valid("header");
    const tenant = c.get("tenant");
    const planSnapshotId = body.plan_snapshot_id;
    // Checked before a run starts: a run never starts on a plan the tenant does not have.
    if (planSnapshotId !== undefined && !(await deps.planSnapshotExists(tenant, planSnapshotId))) {
      throw new NotFoundError(`No meal plan snapshot ${planSnapshotId}`, {
        code: "plan_snapshot_not_found",
        details: { field: "plan_snapshot_id", plan_snapshot_id: planSnapshotId },
      });
    }
    const { runId } = await startShopRun(
      { runs: runs(c), workflows: deps.workflows, newRunId: deps.newRunId, now: deps.now },
      {
        tenant,
        householdId: householdForTenant(tenant),
        options: runOptionsSchema.parse(body.options ?? {}),
        ...(planSnapshotId !== undefined ? { planSnapshotId } : {}),
        ...(idempotencyKey ? { idempotencyKey } : {}),
      },
    );
    return c.json({ runId }, 202);
  });

  app.openapi(getShopRunRoute, async (c) =>
    c.json(await getRunView({ runs: runs(c), workflows: deps.workflows }, c.req.valid("param").runId), 200),
  );

  app.openapi(listShopRunsRoute, async (c) => {
    const { limit, cursor } = c.req.valid("query");
    const page = await runs(c).listRuns({ limit, ...(cursor ? { cursor } : {}) });
    return c.json({ runs: page.runs, ...(page.cursor ? { nextCursor: page.cursor } : {}) }, 200);
  });

  app.openapi(decideShopRunRoute, async (c) => {
    const householdId = householdForTenant(c.get("tenant"));
    // Loaded on first use, as are the substitution routes' below: most requests start or read runs.
    const { applyDecisions } = await import("../domain/use-cases/apply-decisions");
    const outcome = await applyDecisions(
      { runs: runs(c), store: () => deps.storeFor(householdId), now: deps.now },
      { runId: c.req.valid("param").runId, decisions: c.req.valid("json").decisions },
    );
    return c.json(outcome, 200);
  });

  app.openapi(generateSubstituteQueriesRoute, async (c) => {
    const input = c.req.valid("json");
    const [{ generateSearchQueries }, { brandTiersFor, DEFAULT_STORE_ID }] = await Promise.all([
      import("../domain/query-generator"),
      import("../domain/brand-tiers"),
    ]);
    const generated = await withModel(c, (llm) =>
      generateSearchQueries({ llm, logger: c.get("logger"), tiers: brandTiersFor(DEFAULT_STORE_ID) }, input),
    );
    c.header("x-larder-source", generated.source);
    return c.json(generated.queries, 200);
  });

  app.openapi(rankSubstitutesRoute, async (c) => {
    const input = c.req.valid("json");
    const [{ rankSubstitutesByValue }, { brandTiersFor, DEFAULT_STORE_ID }] = await Promise.all([
      import("../domain/value-ranker"),
      import("../domain/brand-tiers"),
    ]);
    const ranked = await withModel(c, (llm) =>
      rankSubstitutesByValue({ llm, logger: c.get("logger"), tiers: brandTiersFor(DEFAULT_STORE_ID) }, input),
    );
    c.header("x-larder-source", ranked.source);
    return c.json(ranked.output, 200);
  });

  app.openapi(getShopPreferencesRoute, async (c) =>
    c.json((await runs(c).getPreferences()) ?? defaultHouseholdPreferences(), 200),
  );

  app.openapi(putShopPreferencesRoute, async (c) => {
    const saved = await saveShopPreferences(
      { runs: runs(c), weeklyRuns: deps.weeklyRuns },
      c.get("tenant"),
      c.req.valid("json"),
    );
    return c.json(saved, 200);
  });

  return app;
};
