import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import type { HttpApiHandler } from "../../functions/core/http/lambda-handler";

export interface HttpApiEventInput {
  method: string;
  /** Path without the query string, e.g. `/items/abc`. */
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** A JSON value is serialised; a string is sent as is. */
  body?: unknown;
  base64?: boolean;
  /** The claims a verified JWT carries; `undefined` means no authorizer ran (a public route). */
  claims?: Record<string, string | number | boolean | string[]>;
  routeKey?: string;
  pathParameters?: Record<string, string>;
  requestId?: string;
}

/**
 * An API Gateway HTTP API payload v2 event, built by hand the way API Gateway sends it, so unit tests
 * can call a Lambda handler without the local server.
 */
export const buildHttpApiEvent = (input: HttpApiEventInput): APIGatewayProxyEventV2WithJWTAuthorizer => {
  const rawBody =
    input.body === undefined
      ? undefined
      : typeof input.body === "string"
        ? input.body
        : JSON.stringify(input.body);
  const headers: Record<string, string> = {
    host: "api.example.test",
    ...(rawBody !== undefined && typeof input.body !== "string"
      ? { "content-type": "application/json" }
      : {}),
    ...input.headers,
  };
  const rawQueryString = new URLSearchParams(input.query ?? {}).toString();
  const now = new Date();
  const requestContext: APIGatewayProxyEventV2WithJWTAuthorizer["requestContext"] = {
    accountId: "123456789012",
    apiId: "test",
    domainName: headers.host ?? "api.example.test",
    domainPrefix: "api",
    http: {
      method: input.method.toUpperCase(),
      path: input.path,
      protocol: "HTTP/1.1",
      sourceIp: "203.0.113.7",
      userAgent: "vitest",
    },
    requestId: input.requestId ?? "req-test-1",
    routeKey: input.routeKey ?? "$default",
    stage: "$default",
    time: now.toISOString(),
    timeEpoch: now.getTime(),
    authorizer: { principalId: "", integrationLatency: 0, jwt: { claims: input.claims ?? {}, scopes: null } },
  };
  // Public routes have no authorizer: API Gateway omits the whole `authorizer` object.
  if (input.claims === undefined) Reflect.deleteProperty(requestContext, "authorizer");
  return {
    version: "2.0",
    routeKey: input.routeKey ?? "$default",
    rawPath: input.path,
    rawQueryString,
    headers,
    queryStringParameters: input.query,
    pathParameters: input.pathParameters,
    requestContext,
    body:
      rawBody === undefined ? undefined : input.base64 ? Buffer.from(rawBody).toString("base64") : rawBody,
    isBase64Encoded: input.base64 ?? false,
  };
};

/** A handler's structured result, asserting it is one (API apps never return a bare string). */
export const structuredResult = (result: unknown): APIGatewayProxyStructuredResultV2 => {
  if (typeof result !== "object" || result === null) {
    throw new Error(`Expected a structured result, got ${typeof result}`);
  }
  return result as APIGatewayProxyStructuredResultV2;
};

/** The parsed JSON body of a structured result. */
export const resultJson = (result: APIGatewayProxyStructuredResultV2): unknown => {
  if (result.body === undefined) return undefined;
  const text = result.isBase64Encoded ? Buffer.from(result.body, "base64").toString("utf8") : result.body;
  return JSON.parse(text);
};

/**
 * An API's Lambda handler called with `event` and `context` (a Lambda's, or `{}` for none): its status
 * (200 when it set none), headers and parsed JSON body.
 */
export const invokeApiHandler = async (
  handler: HttpApiHandler,
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  context: Parameters<HttpApiHandler>[1],
): Promise<{ status: number; headers: Record<string, string | number | boolean>; json: unknown }> => {
  const result = structuredResult(await handler(event, context));
  return { status: result.statusCode ?? 200, headers: result.headers ?? {}, json: resultJson(result) };
};
