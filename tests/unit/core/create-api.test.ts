import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { createLambdaContext } from "../../../dev/lambda-context";
import {
  ConflictError,
  DependencyUnavailableError,
  DomainRefusedError,
  NotFoundError,
  RateLimitedError,
} from "../../../functions/core/errors";
import type { ApiEnv } from "../../../functions/core/http/api-env";
import { createApi } from "../../../functions/core/http/create-api";
import { toLambdaHandler } from "../../../functions/core/http/lambda-handler";
import { errorResponses, jsonBody, jsonResponse } from "../../../functions/core/http/route-helpers";
import { createLogger } from "../../../functions/core/logger";
import { issuePaths, parseErrorBody } from "../../support/error-body";
import { buildHttpApiEvent, resultJson, structuredResult } from "../../support/http-api-event";

// A small app of the kind every area builds: one route with path, query and body schemas, one that
// throws each kind of error, and the factory's conventions around them.
const BODY_LIMIT = 1024;
const SECRET = "postgres://admin:hunter2@10.0.0.5/larder";

const ItemParams = z.object({ item_id: z.string().regex(/^[a-z0-9-]{1,20}$/) });
const ItemQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).optional(),
  dry_run: z.enum(["true", "false"]).optional(),
});
const ItemBody = z.object({
  name: z.string().min(1),
  quantity: z.number().int().positive(),
  tags: z.array(z.string()).optional(),
});
const StoredItem = z.object({
  tenant: z.string(),
  item_id: z.string(),
  name: z.string(),
  quantity: z.number(),
  limit: z.number().nullable(),
});

const putItemRoute = createRoute({
  method: "post",
  path: "/items/{item_id}",
  request: { params: ItemParams, query: ItemQuery, body: jsonBody(ItemBody) },
  responses: { 200: jsonResponse(StoredItem, "Stored"), ...errorResponses(400, 401, 403, 413) },
});

const FAILURES = ["conflict", "rate_limited", "refused", "unavailable", "not_found", "unknown"] as const;
const failRoute = createRoute({
  method: "get",
  path: "/fail/{kind}",
  request: { params: z.object({ kind: z.enum(FAILURES) }) },
  responses: { 200: jsonResponse(z.object({}), "Never") },
});

const errorFor = (kind: (typeof FAILURES)[number]): Error => {
  switch (kind) {
    case "conflict":
      return new ConflictError("The item changed since it was read", { code: "stale_write" });
    case "rate_limited":
      return new RateLimitedError("Too many plans today", { retryAfterSeconds: 30 });
    case "refused":
      return new DomainRefusedError("The basket is over budget", { code: "over_budget" });
    case "unavailable":
      return new DependencyUnavailableError("The store is down", { code: "store_unavailable" });
    case "not_found":
      return new NotFoundError("No item x", { code: "item_not_found" });
    case "unknown":
      return new Error(`connection to ${SECRET} refused`);
  }
};

const buildTestApp = (auth: "required" | "none" = "required"): OpenAPIHono<ApiEnv> => {
  const app = createApi({ logger: createLogger("create-api-test"), auth, maxBodyBytes: BODY_LIMIT });
  app.openapi(putItemRoute, (c) => {
    const { item_id } = c.req.valid("param");
    const { limit } = c.req.valid("query");
    const body = c.req.valid("json");
    return c.json(
      { tenant: c.get("tenant"), item_id, name: body.name, quantity: body.quantity, limit: limit ?? null },
      200,
    );
  });
  app.openapi(failRoute, (c) => {
    throw errorFor(c.req.valid("param").kind);
  });
  return app;
};

type Claims = Record<string, string | number | boolean | string[]>;

/** Calls the app in process with the claims an authorizer would have passed (none: no authorizer). */
const call = (app: OpenAPIHono<ApiEnv>, path: string, init: RequestInit = {}, claims?: Claims) =>
  app.request(path, init, { event: buildHttpApiEvent({ method: init.method ?? "GET", path, claims }) });

const post = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: typeof body === "string" ? body : JSON.stringify(body),
});

const ALICE = { tenant: "alice", sub: "user-1" };

/** A JSON body of exactly `bytes` bytes that passes ItemBody. */
const bodyOfSize = (bytes: number): string => {
  const empty = JSON.stringify({ name: "", quantity: 1 });
  return JSON.stringify({ name: "x".repeat(bytes - empty.length), quantity: 1 });
};

describe("createApi: validation", () => {
  const app = buildTestApp();

  it("passes the tenant, path parameter, coerced query and body of a valid request to the route", async () => {
    const res = await call(app, "/items/flour-1?limit=5", post({ name: "Flour", quantity: 2 }), ALICE);
    expect(res.status).toBe(200);
    expect(StoredItem.parse(await res.json())).toEqual({
      tenant: "alice",
      item_id: "flour-1",
      name: "Flour",
      quantity: 2,
      limit: 5,
    });
  });

  it("answers 400 naming each failing body field with a body. prefix", async () => {
    const res = await call(app, "/items/flour-1", post({ name: "", quantity: 1.5, tags: ["a", 3] }), ALICE);
    expect(res.status).toBe(400);
    const error = parseErrorBody(await res.json());
    expect(error.code).toBe("validation");
    expect(issuePaths(error.details).sort()).toEqual(["body.name", "body.quantity", "body.tags.1"]);
    expect(error.message).toContain("body.quantity");
  });

  it("answers 400 naming the required body fields that are missing", async () => {
    const res = await call(app, "/items/flour-1", post({}), ALICE);
    expect(res.status).toBe(400);
    expect(issuePaths(parseErrorBody(await res.json()).details).sort()).toEqual([
      "body.name",
      "body.quantity",
    ]);
  });

  it("answers 400 naming a path parameter that fails its schema with a path. prefix", async () => {
    const res = await call(app, "/items/Not_Valid", post({ name: "Flour", quantity: 1 }), ALICE);
    expect(res.status).toBe(400);
    expect(issuePaths(parseErrorBody(await res.json()).details)).toEqual(["path.item_id"]);
  });

  it.each([
    ["limit=500", "query.limit"],
    ["limit=two", "query.limit"],
    ["dry_run=maybe", "query.dry_run"],
  ])("answers 400 naming the query parameter in ?%s", async (query, field) => {
    const res = await call(app, `/items/flour-1?${query}`, post({ name: "Flour", quantity: 1 }), ALICE);
    expect(res.status).toBe(400);
    expect(issuePaths(parseErrorBody(await res.json()).details)).toEqual([field]);
  });

  it("answers 400 in the error shape for malformed JSON", async () => {
    const res = await call(app, "/items/flour-1", post('{"name": "Flour",'), ALICE);
    expect(res.status).toBe(400);
    expect(parseErrorBody(await res.json()).code).toBe("malformed_request");
  });

  it("refuses a body that is not JSON on a JSON route, in the error shape", async () => {
    const res = await call(
      app,
      "/items/flour-1",
      { method: "POST", headers: { "content-type": "text/plain" }, body: "name=Flour" },
      ALICE,
    );
    expect(res.status).toBe(415);
    expect(parseErrorBody(await res.json()).code).toBe("http_error");
  });
});

describe("createApi: body size", () => {
  const app = buildTestApp();

  it("accepts a body of exactly the limit", async () => {
    const res = await call(app, "/items/flour-1", post(bodyOfSize(BODY_LIMIT)), ALICE);
    expect(res.status).toBe(200);
  });

  it("answers 413 with the limit for a body one byte over it", async () => {
    const res = await call(app, "/items/flour-1", post(bodyOfSize(BODY_LIMIT + 1)), ALICE);
    expect(res.status).toBe(413);
    const error = parseErrorBody(await res.json());
    expect(error.code).toBe("body_too_large");
    expect(error.details).toEqual({ limit: BODY_LIMIT });
  });

  it("uses 256 KiB as the default limit", async () => {
    const defaultApp = createApi({ logger: createLogger("create-api-test"), auth: "none" });
    defaultApp.post("/echo", (c) => c.json({ ok: true }));
    const res = await call(defaultApp, "/echo", post({ blob: "x".repeat(256 * 1024) }));
    expect(res.status).toBe(413);
    expect((await call(defaultApp, "/echo", post({ blob: "x".repeat(1000) }))).status).toBe(200);
  });
});

describe("createApi: routes and tenancy", () => {
  const app = buildTestApp();

  it("answers an unknown route with a JSON 404 naming the method and path", async () => {
    const res = await call(app, "/no-such-thing", {}, ALICE);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const error = parseErrorBody(await res.json());
    expect(error.code).toBe("route_not_found");
    expect(error.message).toBe("No route for GET /no-such-thing");
  });

  it("answers a known path with the wrong method with a JSON 404", async () => {
    const res = await call(app, "/items/flour-1", { method: "DELETE" }, ALICE);
    expect(res.status).toBe(404);
    expect(parseErrorBody(await res.json()).code).toBe("route_not_found");
  });

  it("answers 401 when no authorizer claims reach a route that needs a tenant", async () => {
    const res = await call(app, "/items/flour-1", post({ name: "Flour", quantity: 1 }));
    expect(res.status).toBe(401);
    expect(parseErrorBody(await res.json()).code).toBe("unauthorized");
  });

  it("answers 401 when the app runs without any Lambda event at all", async () => {
    const res = await app.request("/items/flour-1", post({ name: "Flour", quantity: 1 }));
    expect(res.status).toBe(401);
  });

  it("answers 403 when the token carries no tenant claim", async () => {
    const res = await call(app, "/items/flour-1", post({ name: "Flour", quantity: 1 }), { sub: "user-1" });
    expect(res.status).toBe(403);
    expect(parseErrorBody(await res.json()).code).toBe("missing_tenant");
  });

  it("answers 403 when the tenant claim could address another tenant's keys", async () => {
    const res = await call(app, "/items/flour-1", post({ name: "Flour", quantity: 1 }), {
      tenant: "bob#PLAN",
    });
    expect(res.status).toBe(403);
    expect(parseErrorBody(await res.json()).code).toBe("invalid_tenant");
  });

  it("reads the tenant from a Cognito custom:tenant claim", async () => {
    const res = await call(app, "/items/flour-1", post({ name: "Flour", quantity: 1 }), {
      "custom:tenant": "carol",
    });
    expect(res.status).toBe(200);
    expect(StoredItem.parse(await res.json()).tenant).toBe("carol");
  });

  it("serves a public app's routes without any claims", async () => {
    const publicApp = createApi({ logger: createLogger("create-api-test"), auth: "none" });
    publicApp.get("/ping", (c) => c.json({ ok: true }));
    const res = await call(publicApp, "/ping");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });
});

describe("createApi: errors thrown by routes", () => {
  const app = buildTestApp();

  it.each([
    ["conflict", 409, "stale_write"],
    ["not_found", 404, "item_not_found"],
    ["refused", 422, "over_budget"],
    ["rate_limited", 429, "rate_limited"],
    ["unavailable", 503, "store_unavailable"],
  ] as const)("maps a thrown %s error to %i with code %s", async (kind, status, code) => {
    const res = await call(app, `/fail/${kind}`, {}, ALICE);
    expect(res.status).toBe(status);
    expect(parseErrorBody(await res.json()).code).toBe(code);
  });

  it("tells a rate-limited client when to retry", async () => {
    const res = await call(app, "/fail/rate_limited", {}, ALICE);
    expect(res.headers.get("retry-after")).toBe("30");
  });

  it("answers an unknown error with a generic 500 that shows no internals", async () => {
    const res = await call(app, "/fail/unknown", {}, ALICE);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: { code: "internal", message: "Internal server error" } });
    expect(text).not.toContain("hunter2");
    expect(text).not.toContain("10.0.0.5");
  });
});

describe("createApi: request ids", () => {
  const app = buildTestApp();

  it("echoes API Gateway's request id", async () => {
    const event = buildHttpApiEvent({
      method: "GET",
      path: "/fail/conflict",
      claims: ALICE,
      requestId: "apigw-42",
    });
    const res = await app.request("/fail/conflict", {}, { event });
    expect(res.headers.get("x-request-id")).toBe("apigw-42");
  });

  it("falls back to the caller's x-request-id header without an event", async () => {
    const res = await app.request("/nowhere", { headers: { "x-request-id": "caller-7" } });
    expect(res.headers.get("x-request-id")).toBe("caller-7");
  });

  it("makes up a fresh request id when neither is present", async () => {
    const first = (await app.request("/nowhere")).headers.get("x-request-id");
    const second = (await app.request("/nowhere")).headers.get("x-request-id");
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });
});

describe("toLambdaHandler with an HTTP API v2 event", () => {
  const handler = toLambdaHandler(buildTestApp(), createLogger("create-api-test"));
  const invoke = async (event: ReturnType<typeof buildHttpApiEvent>) =>
    structuredResult(await handler(event, createLambdaContext("TestApi")));

  it("routes the event to the app and answers with its JSON and request id", async () => {
    const result = await invoke(
      buildHttpApiEvent({
        method: "POST",
        path: "/items/flour-1",
        query: { limit: "3" },
        body: { name: "Flour", quantity: 4 },
        claims: ALICE,
        routeKey: "POST /items/{item_id}",
        pathParameters: { item_id: "flour-1" },
        requestId: "apigw-1",
      }),
    );
    expect(result.statusCode).toBe(200);
    expect(result.headers?.["content-type"]).toMatch(/application\/json/);
    expect(result.headers?.["x-request-id"]).toBe("apigw-1");
    expect(StoredItem.parse(resultJson(result))).toEqual({
      tenant: "alice",
      item_id: "flour-1",
      name: "Flour",
      quantity: 4,
      limit: 3,
    });
  });

  it("decodes a base64-encoded body", async () => {
    const result = await invoke(
      buildHttpApiEvent({
        method: "POST",
        path: "/items/flour-1",
        body: { name: "Flour", quantity: 4 },
        base64: true,
        claims: ALICE,
      }),
    );
    expect(result.statusCode).toBe(200);
    expect(StoredItem.parse(resultJson(result)).quantity).toBe(4);
  });

  it("answers 400 naming the failing body field", async () => {
    const result = await invoke(
      buildHttpApiEvent({ method: "POST", path: "/items/flour-1", body: { name: "Flour" }, claims: ALICE }),
    );
    expect(result.statusCode).toBe(400);
    expect(issuePaths(parseErrorBody(resultJson(result)).details)).toEqual(["body.quantity"]);
  });

  it("answers 401 for an event that carries no authorizer", async () => {
    const result = await invoke(
      buildHttpApiEvent({ method: "POST", path: "/items/flour-1", body: { name: "Flour", quantity: 1 } }),
    );
    expect(result.statusCode).toBe(401);
    expect(parseErrorBody(resultJson(result)).code).toBe("unauthorized");
  });

  it("answers an unknown route with a JSON 404", async () => {
    const result = await invoke(buildHttpApiEvent({ method: "GET", path: "/missing", claims: ALICE }));
    expect(result.statusCode).toBe(404);
    expect(parseErrorBody(resultJson(result)).code).toBe("route_not_found");
  });

  it("answers 413 for a body over the limit", async () => {
    const result = await invoke(
      buildHttpApiEvent({
        method: "POST",
        path: "/items/flour-1",
        body: bodyOfSize(BODY_LIMIT + 1),
        headers: { "content-type": "application/json" },
        claims: ALICE,
      }),
    );
    expect(result.statusCode).toBe(413);
  });

  it("answers an unknown error with a generic 500 that shows no internals", async () => {
    const result = await invoke(buildHttpApiEvent({ method: "GET", path: "/fail/unknown", claims: ALICE }));
    expect(result.statusCode).toBe(500);
    expect(result.body).not.toContain("hunter2");
    expect(parseErrorBody(resultJson(result))).toEqual({
      code: "internal",
      message: "Internal server error",
    });
  });
});
