import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createRouteMatcher } from "../../../dev/route-matcher";
import { buildOpenApiDocument } from "../../../lib/api-document";
import { allFunctions, allRoutes } from "../../../lib/areas";

const builtDocument = await buildOpenApiDocument();

const DOCUMENT_FILE = new URL("../../../docs/openapi.json", import.meta.url);
const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

type Paths = Record<string, Partial<Record<(typeof HTTP_METHODS)[number], unknown>>>;

const documentedOperations = (paths: Paths): { method: string; path: string }[] =>
  Object.entries(paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method] !== undefined).map((method) => ({ method, path })),
  );

describe("docs/openapi.json", () => {
  it("is the document the handlers' schemas generate", () => {
    const expected = `${JSON.stringify(builtDocument, null, 2)}\n`;
    const actual = readFileSync(DOCUMENT_FILE, "utf8");
    expect(actual, "docs/openapi.json is out of date: run `npm run openapi`").toBe(expected);
  });

  it("is an OpenAPI 3.1 document with the bearer scheme the JWT authorizer expects", () => {
    const document = builtDocument;
    expect(document.openapi).toBe("3.1.0");
    expect(document.components?.securitySchemes?.bearerAuth).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
  });
});

describe("the OpenAPI document and the API Gateway routes", () => {
  const paths = (builtDocument.paths ?? {}) as Paths;
  const routedFunctionIds = new Set(allFunctions().map((fn) => fn.id));
  const routes = allRoutes().filter((route) => route.route !== "$default");

  it("only has routes whose function is defined", () => {
    for (const route of allRoutes()) expect(routedFunctionIds, route.route).toContain(route.functionId);
  });

  it.each(routes.map((route) => [route.route]))("documents the route %s", (routeKey) => {
    const [method = "", path = ""] = routeKey.split(" ");
    const methods = method === "ANY" ? [...HTTP_METHODS] : [method.toLowerCase()];
    const greedy = path.match(/^(.*)\/\{[^/}]+\+\}$/);
    // A greedy route hands a whole subtree to one app: the document lists that app's concrete paths, so
    // the route is documented when some operation lives under its prefix.
    const candidates = greedy
      ? Object.keys(paths).filter((documented) => documented.startsWith(`${greedy[1] ?? ""}/`))
      : [path];
    const documented = candidates.some((candidate) =>
      methods.some((m) => paths[candidate]?.[m as (typeof HTTP_METHODS)[number]] !== undefined),
    );
    expect(documented, `${routeKey} has no operation in the OpenAPI document`).toBe(true);
  });

  it("routes every documented operation to a function without falling back to $default", () => {
    const match = createRouteMatcher(routes);
    for (const { method, path } of documentedOperations(paths)) {
      const concrete = path.replace(/\{[^}]+\}/g, "x");
      expect(
        match(method, concrete)?.routeKey,
        `${method.toUpperCase()} ${path} reaches no route`,
      ).toBeDefined();
    }
  });
});
