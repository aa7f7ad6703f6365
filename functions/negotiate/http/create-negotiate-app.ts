import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ApiEnv } from "../../core/http/api-env";
import { createApi } from "../../core/http/create-api";
import type { ApiRequestScopeInput } from "../../core/http/request-scope-input";
import { requestScopeInputOf } from "../../core/http/request-scope-input";
import type { Logger } from "../../core/logger";
import type { NegotiationDeps } from "../domain/negotiation-deps";
import { createNegotiation } from "../domain/use-cases/create-negotiation";
import { getMessage } from "../domain/use-cases/get-message";
import { getNegotiation } from "../domain/use-cases/get-negotiation";
import { listNegotiations } from "../domain/use-cases/list-negotiations";
import { listOutreach } from "../domain/use-cases/list-outreach";
import { receiveSupplierMessage } from "../domain/use-cases/receive-supplier-message";
import { reviewMessage } from "../domain/use-cases/review-message";
import { reviewOutreach } from "../domain/use-cases/review-outreach";
import {
  createNegotiationRoute,
  getNegotiationMessageRoute,
  getNegotiationRoute,
  listNegotiationsRoute,
  listOutreachRoute,
  postSupplierMessageRoute,
  reviewNegotiationMessageRoute,
  reviewOutreachRoute,
} from "./negotiate-routes";

/** What the negotiate HTTP app needs, built by functions/negotiate/wiring (or a test) and handed in. */
export interface NegotiateApiDeps {
  logger: Logger;
  /** Runs `use` with one request's deps (its tenant's repository, the model on its deadline). */
  inRequestScope<T>(request: ApiRequestScopeInput, use: (deps: NegotiationDeps) => Promise<T>): Promise<T>;
  maxBodyBytes?: number;
}

/**
 * The negotiate area's HTTP API (seed 003). Each handler validates with the route's zod schemas, runs one
 * use case in the request's deps and maps the result; errors go through the shared mapping.
 */
export const createNegotiateApp = (deps: NegotiateApiDeps): OpenAPIHono<ApiEnv> => {
  const app = createApi({
    logger: deps.logger,
    auth: "required",
    ...(deps.maxBodyBytes === undefined ? {} : { maxBodyBytes: deps.maxBodyBytes }),
  });
  const inRequest = <T>(c: Context<ApiEnv>, use: (negotiation: NegotiationDeps) => Promise<T>): Promise<T> =>
    deps.inRequestScope(requestScopeInputOf(c), use);

  app.openapi(listNegotiationsRoute, async (c) => {
    const { status, limit, cursor } = c.req.valid("query");
    return c.json(
      await inRequest(c, (d) => listNegotiations(d, { status, limit, ...(cursor ? { cursor } : {}) })),
      200,
    );
  });

  // Before `/negotiations/{negotiation_id}`: `outreach` is not a negotiation id.
  app.openapi(listOutreachRoute, async (c) => {
    const { status, limit, cursor } = c.req.valid("query");
    return c.json(
      await inRequest(c, (d) => listOutreach(d, { status, limit, ...(cursor ? { cursor } : {}) })),
      200,
    );
  });

  app.openapi(createNegotiationRoute, async (c) => {
    const body = c.req.valid("json");
    return c.json(await inRequest(c, (d) => createNegotiation(d, body)), 201);
  });

  app.openapi(getNegotiationRoute, async (c) => {
    const { negotiation_id } = c.req.valid("param");
    return c.json(await inRequest(c, (d) => getNegotiation(d, negotiation_id)), 200);
  });

  app.openapi(postSupplierMessageRoute, async (c) => {
    const { negotiation_id } = c.req.valid("param");
    const { supplierMessage } = c.req.valid("json");
    return c.json(await inRequest(c, (d) => receiveSupplierMessage(d, negotiation_id, supplierMessage)), 202);
  });

  app.openapi(getNegotiationMessageRoute, async (c) => {
    const { negotiation_id, message_id } = c.req.valid("param");
    return c.json(await inRequest(c, (d) => getMessage(d, negotiation_id, message_id)), 200);
  });

  app.openapi(reviewNegotiationMessageRoute, async (c) => {
    const { negotiation_id, message_id } = c.req.valid("param");
    const review = c.req.valid("json");
    return c.json(await inRequest(c, (d) => reviewMessage(d, negotiation_id, message_id, review)), 202);
  });

  app.openapi(reviewOutreachRoute, async (c) => {
    const { negotiation_id } = c.req.valid("param");
    const review = c.req.valid("json");
    return c.json(await inRequest(c, (d) => reviewOutreach(d, negotiation_id, review)), 200);
  });

  return app;
};
