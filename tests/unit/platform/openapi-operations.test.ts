import { describe, expect, it } from "vitest";
import { defineRoute, errorResponses, noAuth } from "../../../functions/core/http/route-helpers";
import { buildOpenApiDocument } from "../../../lib/api-document";
import { allRoutes } from "../../../lib/areas";

const builtDocument = await buildOpenApiDocument();

// What every operation must carry for a client developer, checked over the generated document so that an
// area landing later cannot leave it out: a stable operationId, explicit security, documented errors in
// the one error shape.

const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"] as const;
const ERROR_REF = "#/components/schemas/ErrorResponse";
/** Error statuses whose body is not an error: GET /health's 503 is the health report itself. */
const NOT_ERROR_SHAPED = new Set(["getHealth 503"]);

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}

const document = builtDocument;
const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  HTTP_METHODS.filter((method) => (item as Record<string, unknown>)[method] !== undefined).map((method) => ({
    name: `${method.toUpperCase()} ${path}`,
    method,
    path,
    operation: (item as Record<string, Operation>)[method] as Operation,
  })),
);
const publicRoutes = new Set(allRoutes().flatMap((route) => (route.public ? [route.route] : [])));

describe("every operation in the OpenAPI document", () => {
  it("has an operationId in camelCase, unique across the API", () => {
    const ids = operations.map(({ name, operation }) => {
      expect(operation.operationId, `${name} has no operationId`).toMatch(/^[a-z][a-zA-Z0-9]+$/);
      return operation.operationId;
    });
    expect(new Set(ids).size, "operationIds repeat").toBe(ids.length);
  });

  it.each(operations.map((o) => [o.name, o]))(
    "%s says its security: none when public, bearer otherwise",
    (name, o) => {
      const expected = publicRoutes.has(name) ? [] : [{ bearerAuth: [] }];
      expect(o.operation.security, `${name} declares no security`).toEqual(expected);
    },
  );

  it.each(operations.map((o) => [o.name, o]))("%s documents its errors in the one error shape", (name, o) => {
    const errors = Object.entries(o.operation.responses ?? {}).filter(([status]) => Number(status) >= 400);
    expect(errors.length, `${name} documents no error response`).toBeGreaterThan(0);
    for (const [status, response] of errors) {
      if (NOT_ERROR_SHAPED.has(`${o.operation.operationId} ${status}`)) continue;
      expect(response.content?.["application/json"]?.schema?.$ref, `${name} ${status}`).toBe(ERROR_REF);
    }
    expect(Object.keys(o.operation.responses ?? {}), `${name} documents no generic 500`).toContain("500");
  });
});

describe("the document's servers", () => {
  it("lists the local stack and a deployed stage's placeholder", () => {
    expect(document.servers?.map((server) => server.url)).toEqual([
      "http://127.0.0.1:3000",
      "https://{apiId}.execute-api.{region}.amazonaws.com",
    ]);
  });
});

describe("defineRoute", () => {
  it("refuses, at compile time, a route without an operationId or without security", () => {
    const responses = { ...errorResponses(404) };
    // @ts-expect-error an operation needs an operationId
    const withoutId = defineRoute({ method: "get", path: "/x", security: noAuth, responses });
    // @ts-expect-error an operation says its security (noAuth for a public route)
    const withoutSecurity = defineRoute({ method: "get", path: "/x", operationId: "getX", responses });
    expect([withoutId.path, withoutSecurity.path]).toEqual(["/x", "/x"]);
  });
});
