import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ApiEnv } from "../../../core/http/api-env";
import { createApi } from "../../../core/http/create-api";
import { requestScopeInputOf } from "../../../core/http/request-scope-input";
import type { Product } from "../domain/product";
import { getCatalogSession } from "../domain/use-cases/get-catalog-session";
import { getProduct } from "../domain/use-cases/get-product";
import { ingestProducts } from "../domain/use-cases/ingest-products";
import { listCatalogDeltas } from "../domain/use-cases/list-catalog-deltas";
import { putCategory } from "../domain/use-cases/put-category";
import { runCatalogToolOnSession } from "../domain/use-cases/run-catalog-tool";
import { sendCatalogMessage } from "../domain/use-cases/send-catalog-message";
import type { CatalogApiDeps } from "./catalog-api-deps";
import {
  catalogChatRoute,
  getCatalogSessionRoute,
  getProductRoute,
  ingestProductsRoute,
  listCatalogDeltasRoute,
  putCategoryRoute,
  runCatalogToolRoute,
} from "./catalog-routes";

/** 500 products with attributes need more than the default 256 KB. */
export const CATALOG_MAX_BODY_BYTES = 2 * 1024 * 1024;

export type { CatalogApiDeps } from "./catalog-api-deps";

/**
 * The catalog chat's HTTP API (seed 004): each handler validates, calls one use case on the tenant's
 * catalog and sessions, and maps the result; errors reach the shared mapping (400/404/409/503).
 */
export const createCatalogApp = (deps: CatalogApiDeps): OpenAPIHono<ApiEnv> => {
  const app = createApi({
    logger: deps.logger,
    auth: "required",
    maxBodyBytes: deps.maxBodyBytes ?? CATALOG_MAX_BODY_BYTES,
  });
  const forRequest = (c: Context<ApiEnv>) => deps.tenantDeps(c.get("tenant"));

  app.openapi(catalogChatRoute, async (c) => {
    const body = c.req.valid("json");
    const answer = await deps.inRequestScope(requestScopeInputOf(c), (chat) =>
      sendCatalogMessage(chat, {
        query: body.query,
        ...(body.sessionId === undefined ? {} : { sessionId: body.sessionId }),
      }),
    );
    return c.json(answer, 200);
  });

  app.openapi(getCatalogSessionRoute, async (c) => {
    const { sessionId } = c.req.valid("param");
    return c.json(await getCatalogSession(forRequest(c), sessionId), 200);
  });

  app.openapi(listCatalogDeltasRoute, async (c) => {
    const { sessionId } = c.req.valid("param");
    const { limit, cursor } = c.req.valid("query");
    const page = await listCatalogDeltas(forRequest(c), {
      sessionId,
      limit,
      ...(cursor === undefined ? {} : { cursor }),
    });
    return c.json(page, 200);
  });

  app.openapi(runCatalogToolRoute, async (c) => {
    const { sessionId, tool } = c.req.valid("param");
    const args = c.req.valid("json");
    const answer = await deps.inRequestScope(requestScopeInputOf(c), (chat) =>
      runCatalogToolOnSession(chat, { sessionId, tool, args }),
    );
    return c.json(answer, 200);
  });

  app.openapi(ingestProductsRoute, async (c) => {
    const { products } = c.req.valid("json");
    return c.json(await ingestProducts(forRequest(c), products as Product[]), 200);
  });

  app.openapi(getProductRoute, async (c) => {
    return c.json(await getProduct(forRequest(c), c.req.valid("param").id), 200);
  });

  app.openapi(putCategoryRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { names } = c.req.valid("json");
    return c.json(await putCategory(forRequest(c), { id, names }), 200);
  });

  return app;
};
