import { request } from "node:http";
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningApiServer, startApiServer } from "../../../dev/api-server";
import type { FunctionDefinition } from "../../../lib/definition-types";

// The event the local server hands a handler, checked field by field against the HTTP API payload
// format 2.0 that API Gateway sends. The handler only records the event it got.

const echoFunction: FunctionDefinition = {
  id: "Echo",
  entry: "(in memory)",
  handler: "handler",
  description: "Records the event it receives",
  needs: [],
};

let server: RunningApiServer;
let lastEvent: APIGatewayProxyEventV2WithJWTAuthorizer | undefined;

beforeAll(async () => {
  server = await startApiServer({
    host: "127.0.0.1",
    port: 0,
    routes: [
      { route: "ANY /public/{proxy+}", functionId: echoFunction.id, public: true },
      { route: "GET /items/{item_id}", functionId: echoFunction.id },
    ],
    functions: [echoFunction],
    loadHandler: async () => async (event) => {
      lastEvent = event;
      return { statusCode: 204 };
    },
  });
});

afterAll(() => server?.close());

interface RawRequest {
  method?: string;
  path: string;
  /** Each entry is one header line; a repeated name sends the header twice. */
  headerLines?: [string, string][];
  body?: Buffer | string;
}

/** Sends a request with exactly the header lines given (fetch would merge repeated ones). */
const send = ({ method = "GET", path, headerLines = [], body }: RawRequest) =>
  new Promise<APIGatewayProxyEventV2WithJWTAuthorizer>((resolve, reject) => {
    lastEvent = undefined;
    // Raw header lines carry no implicit Host, which HTTP/1.1 requires.
    const headers = [["Host", new URL(server.url).host], ...headerLines].flat();
    const req = request(`${server.url}${path}`, { method, headers }, (res) => {
      res.resume();
      res.on("end", () => (lastEvent ? resolve(lastEvent) : reject(new Error(`HTTP ${res.statusCode}`))));
    });
    req.on("error", reject);
    req.end(body);
  });

const bodyOf = (event: APIGatewayProxyEventV2WithJWTAuthorizer): Buffer =>
  Buffer.from(event.body ?? "", event.isBase64Encoded ? "base64" : "utf8");

describe("the event the local API server passes to a handler (HTTP API payload 2.0)", () => {
  it("has lower-case header names and joins a repeated header's values with commas", async () => {
    const event = await send({
      path: "/public/a",
      headerLines: [
        ["X-Custom-Header", "One"],
        ["X-Repeated", "a"],
        ["X-Repeated", "b"],
      ],
    });
    expect(event.headers["x-custom-header"]).toBe("One");
    expect(event.headers["x-repeated"]).toBe("a,b");
    expect(Object.keys(event.headers).filter((name) => name !== name.toLowerCase())).toEqual([]);
  });

  it("moves cookies out of the headers into the cookies list", async () => {
    const event = await send({ path: "/public/a", headerLines: [["Cookie", "a=1; b=two;"]] });
    expect(event.cookies).toEqual(["a=1", "b=two"]);
    expect(event.headers).not.toHaveProperty("cookie");
    expect((await send({ path: "/public/a" })).cookies).toBeUndefined();
  });

  it("keeps the raw query string and joins a repeated parameter's decoded values with commas", async () => {
    const event = await send({ path: "/public/a?tag=x&tag=y%20z&q=ol%C3%A9" });
    expect(event.rawQueryString).toBe("tag=x&tag=y%20z&q=ol%C3%A9");
    expect(event.queryStringParameters).toEqual({ tag: "x,y z", q: "olé" });
    expect((await send({ path: "/public/a" })).queryStringParameters).toBeUndefined();
  });

  it("carries the route key, the raw path and the decoded path parameters", async () => {
    const event = await send({ method: "POST", path: "/public/ol%C3%A9/b" });
    expect(event.routeKey).toBe("ANY /public/{proxy+}");
    expect(event.requestContext.routeKey).toBe("ANY /public/{proxy+}");
    expect(event.rawPath).toBe("/public/ol%C3%A9/b");
    expect(event.requestContext.http.method).toBe("POST");
    expect(event.pathParameters).toEqual({ proxy: "olé/b" });
  });

  it.each([
    ["application/json", false],
    ["application/json; charset=utf-8", false],
    ["text/plain", false],
    ["text/csv; charset=utf-8", false],
    ["application/xml", false],
    ["application/javascript", false],
    ["application/octet-stream", true],
    ["image/png", true],
    ["application/x-www-form-urlencoded", true],
    ["multipart/form-data; boundary=x", true],
  ])("sends a %s body base64-encoded: %s", async (contentType, base64) => {
    const body = Buffer.from([0x7b, 0x22, 0xc3, 0xa9, 0x22, 0x7d, 0x00, 0xff]);
    const event = await send({
      method: "POST",
      path: "/public/a",
      headerLines: [["Content-Type", contentType]],
      body,
    });
    expect(event.isBase64Encoded).toBe(base64);
    if (base64) expect(bodyOf(event)).toEqual(body);
  });

  it("sends a body without a content type base64-encoded, as API Gateway does", async () => {
    const body = Buffer.from([0x00, 0x01, 0xfe, 0xff]);
    const event = await send({ method: "PUT", path: "/public/a", body });
    expect(event.isBase64Encoded).toBe(true);
    expect(bodyOf(event)).toEqual(body);
  });

  it("sends no body for a request without one", async () => {
    const event = await send({ path: "/public/a" });
    expect(event.body).toBeUndefined();
    expect(event.isBase64Encoded).toBe(false);
  });

  it("has no authorizer on a public route and the token's claims on a protected one", async () => {
    expect((await send({ path: "/public/a" })).requestContext.authorizer).toBeUndefined();
    const event = await send({ path: "/items/i-1", headerLines: [["Authorization", "Bearer dev:alice"]] });
    expect(event.requestContext.authorizer.jwt.claims).toMatchObject({ tenant: "alice" });
    expect(event.pathParameters).toEqual({ item_id: "i-1" });
  });
});

describe("the local API server's own limits", () => {
  it("answers a body over API Gateway's 10 MB cap with a 413 the client can read", async () => {
    lastEvent = undefined;
    const res = await fetch(`${server.url}/public/a`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: Buffer.alloc(11 * 1024 * 1024, "a"),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: "body_too_large", message: "Request entity too large" },
    });
    expect(lastEvent).toBeUndefined();
  });
});
