import { describe, expect, it } from "vitest";
import { createRouteMatcher } from "../../../dev/route-matcher";
import type { RouteDefinition } from "../../../lib/definition-types";

const routes = (...keys: string[]): RouteDefinition[] => keys.map((route) => ({ route, functionId: route }));

describe("createRouteMatcher (API Gateway HTTP API route selection)", () => {
  // The example from API Gateway's documentation on routing API requests.
  const match = createRouteMatcher(
    routes("$default", "ANY /{proxy+}", "GET /pets/{proxy+}", "GET /pets/dog/{id}", "GET /pets/dog/1"),
  );

  it.each([
    ["GET", "/pets/dog/1", "GET /pets/dog/1"],
    ["GET", "/pets/dog/2", "GET /pets/dog/{id}"],
    ["GET", "/pets/cat/1", "GET /pets/{proxy+}"],
    ["POST", "/pets/cat/1", "ANY /{proxy+}"],
    ["GET", "/", "$default"],
  ])("routes %s %s to %s", (method, path, routeKey) => {
    expect(match(method, path)?.routeKey).toBe(routeKey);
  });

  it("prefers a literal segment to a {param}, whatever the definition order", () => {
    const m = createRouteMatcher(routes("GET /plans/{plan_id}", "GET /plans/current"));
    expect(m("GET", "/plans/current")?.routeKey).toBe("GET /plans/current");
    expect(m("GET", "/plans/p-1")?.routeKey).toBe("GET /plans/{plan_id}");
  });

  it("prefers a {param} to a {proxy+}", () => {
    const m = createRouteMatcher(routes("GET /recipes/{proxy+}", "GET /recipes/{recipe_id}"));
    expect(m("GET", "/recipes/r-1")?.routeKey).toBe("GET /recipes/{recipe_id}");
    expect(m("GET", "/recipes/r-1/steps")?.routeKey).toBe("GET /recipes/{proxy+}");
  });

  it("prefers a route with the request's method to ANY on the same path", () => {
    const m = createRouteMatcher(routes("ANY /baskets/{id}", "PUT /baskets/{id}"));
    expect(m("PUT", "/baskets/b-1")?.routeKey).toBe("PUT /baskets/{id}");
    expect(m("DELETE", "/baskets/b-1")?.routeKey).toBe("ANY /baskets/{id}");
  });

  it("matches methods case-insensitively", () => {
    expect(createRouteMatcher(routes("GET /health"))("get", "/health")?.routeKey).toBe("GET /health");
  });

  it("decodes path parameters and hands the greedy remainder over as one path", () => {
    const m = createRouteMatcher(routes("GET /items/{name}", "GET /files/{proxy+}"));
    expect(m("GET", "/items/ol%C3%A9%20oil")?.pathParameters).toEqual({ name: "olé oil" });
    expect(m("GET", "/files/a/b/c.txt")?.pathParameters).toEqual({ proxy: "a/b/c.txt" });
  });

  it("prefers any full match to a greedy match, whatever their methods and lengths", () => {
    const m = createRouteMatcher(routes("GET /{proxy+}", "ANY /pets", "GET /a/b/{proxy+}", "ANY /a/b/c"));
    expect(m("GET", "/pets")?.routeKey).toBe("ANY /pets");
    expect(m("GET", "/a/b/c")?.routeKey).toBe("ANY /a/b/c");
    expect(m("GET", "/a/b/c/d")?.routeKey).toBe("GET /a/b/{proxy+}");
  });

  it("prefers the more specific path to a route naming the method", () => {
    const m = createRouteMatcher(routes("GET /{pet_id}", "ANY /pets"));
    expect(m("GET", "/pets")?.routeKey).toBe("ANY /pets");
    expect(m("GET", "/cats")?.routeKey).toBe("GET /{pet_id}");
  });

  it("prefers the greedy route with the longer literal prefix", () => {
    const m = createRouteMatcher(routes("GET /{proxy+}", "ANY /pets/{proxy+}"));
    expect(m("GET", "/pets/dog")?.routeKey).toBe("ANY /pets/{proxy+}");
    expect(m("GET", "/cats/tom")?.routeKey).toBe("GET /{proxy+}");
  });

  it("decodes the greedy remainder as it decodes path parameters", () => {
    const m = createRouteMatcher(routes("GET /files/{proxy+}"));
    expect(m("GET", "/files/ol%C3%A9/a%20b.txt")?.pathParameters).toEqual({ proxy: "olé/a b.txt" });
  });

  it("passes a segment with broken percent-encoding on as sent instead of failing", () => {
    const m = createRouteMatcher(routes("GET /items/{name}", "GET /files/{proxy+}"));
    expect(m("GET", "/items/a%E0%A4%A")?.pathParameters).toEqual({ name: "a%E0%A4%A" });
    expect(m("GET", "/files/ok/%E0%A4%A")?.pathParameters).toEqual({ proxy: "ok/%E0%A4%A" });
  });

  it("does not let {proxy+} match its bare prefix", () => {
    const m = createRouteMatcher(routes("GET /files/{proxy+}"));
    expect(m("GET", "/files")).toBeUndefined();
  });

  it("needs every segment to match: no prefix or extra-segment matches", () => {
    const m = createRouteMatcher(routes("GET /plans/{plan_id}"));
    expect(m("GET", "/plans")).toBeUndefined();
    expect(m("GET", "/plans/p-1/meals")).toBeUndefined();
  });

  it("sends unmatched requests to $default with no path parameters", () => {
    const m = createRouteMatcher(routes("GET /health", "$default"));
    expect(m("POST", "/health")).toMatchObject({ routeKey: "$default", pathParameters: {} });
  });

  it("matches nothing when no route fits and there is no $default", () => {
    expect(createRouteMatcher(routes("GET /health"))("GET", "/other")).toBeUndefined();
  });

  it("returns the route definition it selected", () => {
    const definitions: RouteDefinition[] = [
      { route: "GET /health", functionId: "PlatformApi", public: true },
    ];
    expect(createRouteMatcher(definitions)("GET", "/health")?.route).toBe(definitions[0]);
  });
});
