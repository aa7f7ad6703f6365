import { createHash } from "node:crypto";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ApiEnv } from "../../core/http/api-env";
import { createApi } from "../../core/http/create-api";
import { requestScopeInputOf } from "../../core/http/request-scope-input";
import { createOrReplaceRecipe } from "../domain/use-cases/create-or-replace-recipe";
import { createSnapshot } from "../domain/use-cases/create-snapshot";
import { getRecipe } from "../domain/use-cases/get-recipe";
import { getSnapshot } from "../domain/use-cases/get-snapshot";
import { listPlans } from "../domain/use-cases/list-plans";
import { listRecipes } from "../domain/use-cases/list-recipes";
import type { CookApiDeps, CookModelScope } from "./cook-api-deps";
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
  listPlansRoute,
  listRecipesRoute,
  putRecipeRoute,
} from "./cook-routes";
import { parseVariantBodyNamingFields } from "./variant-body-fields";

/**
 * The cook area's HTTP API. Each handler is an adapter: the request is validated by the route's
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
    deps.cookDeps({ tenant: c.get("tenant"), logger: c.get("logger") });

  /** A handler that may call the model runs in the request's scope, on the request's model deadline. */
  const inRequestModelScope = <T>(
    c: Context<ApiEnv>,
    handle: (scope: CookModelScope) => Promise<T>,
  ): Promise<T> => deps.inRequestScope(requestScopeInputOf(c), handle);

  // The use cases that read, scale or vary ingredient lines (the ingredient parser, unit tables, variant
  // generation) load with the first request that needs them, each in its own chunk, so a cold start stays
  // within budget (ARCHITECTURE.md, How a Lambda stays within budget).
  app.openapi(listRecipesRoute, async (c) => {
    const { limit, cursor } = c.req.valid("query");
    return c.json(await listRecipes(cookDeps(c), { limit, ...(cursor ? { cursor } : {}) }), 200);
  });

  app.openapi(listPlansRoute, async (c) => {
    const { limit, cursor } = c.req.valid("query");
    return c.json(await listPlans(cookDeps(c), { limit, ...(cursor ? { cursor } : {}) }), 200);
  });

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
      // The two forms share most of their code: loaded together, with the first variant request.
      const [{ createVariantFromInstruction }, { createVariantFromOps }] = await Promise.all([
        import("../domain/use-cases/create-variant-from-instruction"),
        import("../domain/use-cases/create-variant-from-ops"),
      ]);
      const result = await inRequestModelScope(c, async ({ cook }) =>
        "ops" in body
          ? {
              needs_clarification: false as const,
              ...(await createVariantFromOps(cook, { ...address, ops: body.ops })),
            }
          : createVariantFromInstruction(cook, { ...address, instruction: body.instruction }),
      );
      if (!result.needs_clarification && result.variant && deps.events) {
        const { variant_id, base_recipe_id, patch_ops } = result.variant;
        // A variant's id is its meal's: the ops tell one variant of a meal from the next.
        const opsHash = createHash("sha256").update(JSON.stringify(patch_ops)).digest("hex").slice(0, 16);
        await deps.events.publish([
          {
            source: "larder.cook",
            detailType: "cook.variant.created",
            detail: {
              // The same variant again (a retried request) announces under the same id.
              eventId: `cook.variant.created:${variant_id}:${opsHash}`,
              schemaVersion: "1",
              tenant: c.get("tenant"),
              recipeId: base_recipe_id,
              variantId: variant_id,
            },
          },
        ]);
      }
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

  // Through inRequestModelScope: where an LLM is configured it may read the lines the rules could not.
  app.openapi(getShoppingListRoute, async (c) => {
    const snapshotId = c.req.valid("param").snapshot_id;
    const { getShoppingList } = await import("../domain/use-cases/get-shopping-list");
    return c.json(await inRequestModelScope(c, ({ cook }) => getShoppingList(cook, snapshotId)), 200);
  });

  app.openapi(kitchenChatRoute, async (c) => {
    // The chat (agent loop, tools, offline parser) is its own chunk, loaded by the first chat request.
    const { runKitchenChat } = await import("../domain/use-cases/run-kitchen-chat");
    const chat = await inRequestModelScope(c, ({ cook, kitchenChatAgent, deadline }) =>
      runKitchenChat({ cook, agent: kitchenChatAgent, deadline }, c.req.valid("json")),
    );
    return c.json(chat, 200);
  });

  return app;
};
