import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ApiEnv } from "../../core/http/api-env";
import { createApi } from "../../core/http/create-api";
import { requestScopeInputOf } from "../../core/http/request-scope-input";
import { householdForTenant } from "../domain/household-for-tenant";
import { runOptionsSchema } from "../domain/runs/shop-run";
import { deleteStoreAccount } from "../domain/use-cases/delete-store-account";
import { getShopPreferences } from "../domain/use-cases/get-preferences";
import { getRunView } from "../domain/use-cases/get-run";
import { getStoreAccount } from "../domain/use-cases/get-store-account";
import { listShopRuns } from "../domain/use-cases/list-runs";
import { requestShopRun } from "../domain/use-cases/request-run";
import { saveShopPreferences } from "../domain/use-cases/save-preferences";
import { saveStoreAccount } from "../domain/use-cases/save-store-account";
import { forgetSubstitutionChoice, listSubstitutionChoices } from "../domain/use-cases/substitution-choices";
import type { ShopApiDeps } from "./shop-api-deps";
import {
  createShopRunRoute,
  decideShopRunRoute,
  deleteStoreAccountRoute,
  deleteSubstitutionChoiceRoute,
  generateSubstituteQueriesRoute,
  getShopPreferencesRoute,
  getShopRunRoute,
  getStoreAccountRoute,
  listShopRunsRoute,
  listSubstitutionChoicesRoute,
  putShopPreferencesRoute,
  putStoreAccountRoute,
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

  app.openapi(createShopRunRoute, async (c) => {
    const body = c.req.valid("json");
    const { "idempotency-key": idempotencyKey } = c.req.valid("header");
    const planSnapshotId = body.plan_snapshot_id;
    const { runId } = await requestShopRun(
      {
        runs: runs(c),
        workflows: deps.workflows,
        plans: deps.plansFor,
        account: {
          vault: deps.storeAccountFor(c.get("tenant")),
          attempts: deps.storeAccountAttemptsFor(c.get("tenant")),
        },
        newRunId: deps.newRunId,
        now: deps.now,
      },
      {
        tenant: c.get("tenant"),
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
    const { limit, cursor, awaiting } = c.req.valid("query");
    return c.json(
      await listShopRuns(
        { runs: runs(c) },
        { limit, ...(cursor ? { cursor } : {}), ...(awaiting ? { awaiting } : {}) },
      ),
      200,
    );
  });

  app.openapi(decideShopRunRoute, async (c) => {
    const tenant = c.get("tenant");
    const household = { householdId: householdForTenant(tenant), tenant };
    // The store's time is the request's: its Lambda's clock, through the port.
    const stores = deps.storeSessions.forClock(c.env?.lambdaContext);
    // Loaded on first use, as are the substitution routes' below: most requests start or read runs.
    const { applyDecisions } = await import("../domain/use-cases/apply-decisions");
    const outcome = await applyDecisions(
      {
        runs: runs(c),
        store: () => stores.open(household),
        now: deps.now,
        announce: { events: deps.events, tenant: c.get("tenant") },
        choices: deps.choicesFor(c.get("tenant")),
      },
      {
        runId: c.req.valid("param").runId,
        decisions: c.req.valid("json").decisions,
        // An identical decision another request is applying is awaited while this request has time.
        ...(stores.deadline === undefined ? {} : { waitUntil: stores.deadline }),
      },
    );
    return c.json(outcome, 200);
  });

  app.openapi(generateSubstituteQueriesRoute, async (c) => {
    const input = c.req.valid("json");
    const { generateSubstituteQueries } = await import("../domain/use-cases/generate-substitute-queries");
    const generated = await deps.inRequestScope(requestScopeInputOf(c), ({ llm, logger }) =>
      generateSubstituteQueries({ llm, logger }, input),
    );
    c.header("x-larder-source", generated.source);
    return c.json(generated.queries, 200);
  });

  app.openapi(rankSubstitutesRoute, async (c) => {
    const input = c.req.valid("json");
    const { rankSubstitutes } = await import("../domain/use-cases/rank-substitutes");
    const ranked = await deps.inRequestScope(requestScopeInputOf(c), ({ llm, logger }) =>
      rankSubstitutes({ llm, logger }, input),
    );
    c.header("x-larder-source", ranked.source);
    return c.json(ranked.output, 200);
  });

  app.openapi(getShopPreferencesRoute, async (c) => c.json(await getShopPreferences({ runs: runs(c) }), 200));

  app.openapi(putShopPreferencesRoute, async (c) => {
    const saved = await saveShopPreferences(
      { runs: runs(c), weeklyRuns: deps.weeklyRuns },
      c.get("tenant"),
      c.req.valid("json"),
    );
    return c.json(saved, 200);
  });

  const vault = (c: Context<ApiEnv>) => deps.storeAccountFor(c.get("tenant"));

  app.openapi(getStoreAccountRoute, async (c) => c.json(await getStoreAccount({ vault: vault(c) }), 200));

  app.openapi(putStoreAccountRoute, async (c) =>
    c.json(
      await saveStoreAccount(
        { vault: vault(c), attempts: deps.storeAccountAttemptsFor(c.get("tenant")), now: deps.now },
        c.req.valid("json"),
      ),
      200,
    ),
  );

  app.openapi(deleteStoreAccountRoute, async (c) => {
    await deleteStoreAccount({ vault: vault(c) });
    return c.body(null, 204);
  });

  app.openapi(listSubstitutionChoicesRoute, async (c) => {
    const { limit, cursor } = c.req.valid("query");
    return c.json(
      await listSubstitutionChoices(
        { choices: deps.choicesFor(c.get("tenant")) },
        { limit, ...(cursor ? { cursor } : {}) },
      ),
      200,
    );
  });

  app.openapi(deleteSubstitutionChoiceRoute, async (c) => {
    await forgetSubstitutionChoice(
      { choices: deps.choicesFor(c.get("tenant")) },
      c.req.valid("param").originalProductId,
    );
    return c.body(null, 204);
  });

  return app;
};
