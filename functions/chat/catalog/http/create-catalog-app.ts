import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { NotFoundError } from "../../../core/errors";
import type { ApiEnv } from "../../../core/http/api-env";
import { createApi } from "../../../core/http/create-api";
import { applyCatalogTool, loadSession } from "../domain/apply-catalog-tool";
import type { Product } from "../domain/product";
import { sendCatalogMessage } from "../domain/send-catalog-message";
import { TRIGGER_TOOL_CALL } from "../domain/session-state";
import { type CatalogApiDeps, catalogDepsForTenant } from "./catalog-api-deps";
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

/**
 * The catalog chat's HTTP API (seed 004): each handler validates, runs one use case on the tenant's
 * catalog and sessions, and maps the result; errors reach the shared mapping (400/404/409/503).
 */
export const createCatalogApp = (deps: CatalogApiDeps): OpenAPIHono<ApiEnv> => {
  const app = createApi({
    logger: deps.logger,
    auth: "required",
    maxBodyBytes: deps.maxBodyBytes ?? CATALOG_MAX_BODY_BYTES,
  });
  const forRequest = (c: Context<ApiEnv>) => catalogDepsForTenant(deps, c.get("tenant"));

  app.openapi(catalogChatRoute, async (c) => {
    const body = c.req.valid("json");
    const answer = await sendCatalogMessage(forRequest(c).chat, {
      query: body.query,
      ...(body.sessionId === undefined ? {} : { sessionId: body.sessionId }),
    });
    return c.json(answer, 200);
  });

  app.openapi(getCatalogSessionRoute, async (c) => {
    const { sessionId } = c.req.valid("param");
    const { state } = await loadSession(forRequest(c).chat, sessionId, true);
    return c.json({ sessionId, state }, 200);
  });

  app.openapi(listCatalogDeltasRoute, async (c) => {
    const { sessionId } = c.req.valid("param");
    const { limit, cursor } = c.req.valid("query");
    const { chat } = forRequest(c);
    await loadSession(chat, sessionId, true);
    const page = await chat.sessions.listDeltas(sessionId, {
      limit,
      ...(cursor === undefined ? {} : { cursor }),
    });
    return c.json(page, 200);
  });

  app.openapi(runCatalogToolRoute, async (c) => {
    const { sessionId, tool } = c.req.valid("param");
    const answer = await applyCatalogTool(forRequest(c).chat, {
      sessionId,
      isNew: true,
      query: tool,
      trigger: TRIGGER_TOOL_CALL,
      tool,
      args: c.req.valid("json"),
    });
    return c.json(answer, 200);
  });

  app.openapi(ingestProductsRoute, async (c) => {
    const { products } = c.req.valid("json");
    await forRequest(c).catalog.upsert(products as Product[]);
    return c.json({ upserted: products.length }, 200);
  });

  app.openapi(getProductRoute, async (c) => {
    const { id } = c.req.valid("param");
    const product = await forRequest(c).catalog.getById(id);
    if (!product) throw new NotFoundError(`No product ${id}`, { code: "product_not_found" });
    return c.json(product, 200);
  });

  app.openapi(putCategoryRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { names } = c.req.valid("json");
    await forRequest(c).catalog.putCategory(id, names);
    return c.json({ id, names }, 200);
  });

  return app;
};
