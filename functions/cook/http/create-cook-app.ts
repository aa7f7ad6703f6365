import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { deadlineFromRemainingTime } from "../../core/agent/deadline";
import type { ApiEnv } from "../../core/http/api-env";
import { createApi } from "../../core/http/create-api";
import { llmAbortingOn } from "../../core/llm/llm-aborting-on";
import type { LlmPort } from "../../core/llm/llm-port";
import { createUsageRecorder, logUsageTotals } from "../../core/llm/usage-recorder";
import { recordingUsage } from "../../core/llm/usage-recording-llm";
import type { CookDeps } from "../domain/ports/cook-deps";
import { createOrReplaceRecipe } from "../domain/use-cases/create-or-replace-recipe";
import { createSnapshot } from "../domain/use-cases/create-snapshot";
import { getRecipe } from "../domain/use-cases/get-recipe";
import { getSnapshot } from "../domain/use-cases/get-snapshot";
import { type CookApiDeps, cookDepsForRequest } from "./cook-api-deps";
import {
  clearVariantRoute,
  createPlanRoute,
  createVariantRoute,
  getCookViewRoute,
  getMealCookViewRoute,
  getPlanRoute,
  getRecipeRoute,
  getShoppingListRoute,
  kitchenChatRoute,
  putRecipeRoute,
} from "./cook-routes";
import { parseVariantBodyNamingFields } from "./variant-body-fields";

/** Time kept back from the Lambda's remaining time so a request can save and answer after its model stops. */
export const MODEL_DEADLINE_MARGIN_MS = 3_000;

/**
 * The cook area's HTTP API (seed 001). Each handler is an adapter: the request is validated by the route's
 * zod schemas, one use case runs on the tenant's repositories, and its result is mapped to the response;
 * domain errors reach the shared error mapping (400/404/409/422).
 */
export const createCookApp = (deps: CookApiDeps): OpenAPIHono<ApiEnv> => {
  const app = createApi({
    logger: deps.logger,
    auth: "required",
    ...(deps.maxBodyBytes === undefined ? {} : { maxBodyBytes: deps.maxBodyBytes }),
  });
  const cookDeps = (c: Context<ApiEnv>) =>
    cookDepsForRequest(deps, { tenant: c.get("tenant"), logger: c.get("logger"), llm: deps.llm });

  /**
   * Runs a handler that may call the model. Its calls go through a usage-recording port of its own, and
   * one line logs the request's LLM totals (calls, tokens, latency, failures) whether it succeeded or not.
   * In Lambda, the Lambda's remaining time less a margin is the request's deadline: the agent stops there,
   * and a generator call still running is aborted (the use case falls back offline), so a slow model
   * cannot time the function out into API Gateway's 500.
   */
  const withModel = async <T>(
    c: Context<ApiEnv>,
    handle: (request: { cook: CookDeps; llm: LlmPort; deadline?: number }) => Promise<T>,
  ): Promise<T> => {
    const recorder = createUsageRecorder();
    const llm = recordingUsage(deps.llm, recorder);
    const logger = c.get("logger");
    const lambdaContext = c.env?.lambdaContext;
    const deadline = lambdaContext
      ? deadlineFromRemainingTime(lambdaContext, MODEL_DEADLINE_MARGIN_MS)
      : undefined;
    // The agent keeps the plain port: it watches the deadline itself and answers with what it has.
    const generatorsLlm =
      deadline === undefined
        ? llm
        : llmAbortingOn(llm, AbortSignal.timeout(Math.max(0, deadline - Date.now())));
    try {
      const cook = cookDepsForRequest(deps, { tenant: c.get("tenant"), logger, llm: generatorsLlm });
      return await handle({ cook, llm, ...(deadline === undefined ? {} : { deadline }) });
    } finally {
      if (recorder.entries().length > 0) {
        logUsageTotals(logger, recorder, { route: `${c.req.method} ${c.req.routePath}` });
      }
    }
  };

  // The use cases that read, scale or vary ingredient lines (the ingredient parser, unit tables, variant
  // generation) load with the first request that needs them, each in its own chunk, so a cold start stays
  // within budget (ARCHITECTURE.md, How a Lambda stays within budget).
  app.openapi(putRecipeRoute, async (c) => {
    const { recipe_id } = c.req.valid("param");
    const { recipe, created } = await createOrReplaceRecipe(cookDeps(c), {
      recipe_id,
      body: c.req.valid("json"),
    });
    return created ? c.json(recipe, 201) : c.json(recipe, 200);
  });

  app.openapi(getRecipeRoute, async (c) =>
    c.json(await getRecipe(cookDeps(c), c.req.valid("param").recipe_id), 200),
  );

  app.openapi(createPlanRoute, async (c) =>
    c.json(await createSnapshot(cookDeps(c), c.req.valid("json")), 201),
  );

  app.openapi(getPlanRoute, async (c) =>
    c.json(await getSnapshot(cookDeps(c), c.req.valid("param").snapshot_id), 200),
  );

  app.openapi(
    createVariantRoute,
    async (c) => {
      const address = c.req.valid("param");
      const body = c.req.valid("json");
      const { createVariantFromInstruction, createVariantFromOps } = await import("./variant-use-cases");
      const result = await withModel(c, async ({ cook }) =>
        "ops" in body
          ? {
              needs_clarification: false as const,
              ...(await createVariantFromOps(cook, { ...address, ops: body.ops })),
            }
          : createVariantFromInstruction(cook, { ...address, instruction: body.instruction }),
      );
      return c.json(result, 200);
    },
    (result, c) => {
      // A body that is neither form: name the failing fields of the form it is trying to be. The validator
      // hands its hook the value it checked as `data`, on failure too (its types leave it out); a body it
      // could not read arrives as undefined and is a 400 all the same.
      if (!result.success && result.target === "json") {
        parseVariantBodyNamingFields((result as { data?: unknown }).data);
      }
      return app.defaultHook?.(result, c);
    },
  );

  app.openapi(clearVariantRoute, async (c) => {
    const { clearVariant } = await import("../domain/use-cases/clear-variant");
    await clearVariant(cookDeps(c), c.req.valid("param"));
    return c.body(null, 204);
  });

  app.openapi(getMealCookViewRoute, async (c) => {
    const { getMealCookView } = await import("../domain/use-cases/get-meal-cook-view");
    return c.json(await getMealCookView(cookDeps(c), c.req.valid("param")), 200);
  });

  app.openapi(getCookViewRoute, async (c) => {
    const { lookupCookRecipe } = await import("../domain/use-cases/lookup-cook-recipe");
    return c.json(await lookupCookRecipe(cookDeps(c), c.req.valid("param").id), 200);
  });

  // Through withModel: where an LLM is configured it may read the lines the rules could not.
  app.openapi(getShoppingListRoute, async (c) => {
    const snapshotId = c.req.valid("param").snapshot_id;
    const { getShoppingList } = await import("../domain/use-cases/get-shopping-list");
    return c.json(await withModel(c, ({ cook }) => getShoppingList(cook, snapshotId)), 200);
  });

  app.openapi(kitchenChatRoute, async (c) => {
    // The chat (agent loop, tools, offline parser) is its own chunk, loaded by the first chat request.
    const { runKitchenChat } = await import("../domain/use-cases/run-kitchen-chat");
    const chat = await withModel(c, ({ cook, llm, deadline }) =>
      runKitchenChat({ cook, llm, ...(deadline === undefined ? {} : { deadline }) }, c.req.valid("json")),
    );
    return c.json(chat, 200);
  });

  return app;
};
