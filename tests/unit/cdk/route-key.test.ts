import { HttpMethod, HttpRouteKey } from "aws-cdk-lib/aws-apigatewayv2";
import { describe, expect, it } from "vitest";
import { parseRouteKey } from "../../../lib/route-key";

describe("parseRouteKey", () => {
  it("splits a definition route into method and path, path parameters and greedy proxies included", () => {
    expect(parseRouteKey("GET /plans/{snapshot_id}")).toMatchObject({
      method: HttpMethod.GET,
      path: "/plans/{snapshot_id}",
      key: "GET /plans/{snapshot_id}",
    });
    expect(parseRouteKey("ANY /recipes/{proxy+}").method).toBe(HttpMethod.ANY);
  });

  it("maps $default to API Gateway's catch-all route", () => {
    expect(parseRouteKey("$default")).toBe(HttpRouteKey.DEFAULT);
  });

  it("refuses routes that are not METHOD /path, quoting them", () => {
    for (const route of ["get /plans", "GET plans", "FETCH /plans", "GET  /plans", "/plans"]) {
      expect(() => parseRouteKey(route)).toThrow(route);
    }
  });
});
