import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import type { HttpApiHandler } from "../functions/core/http/lambda-handler";
import { type HealthCheck, HealthResponseSchema } from "../functions/platform/http/create-platform-app";
import type { FunctionDefinition, RouteDefinition } from "../lib/definition-types";
import type { createApiActivity } from "./background-work";
import type { ConsoleSite } from "./console-site";
import { createLambdaContext } from "./lambda-context";
import { claimsFromDevToken } from "./local-authorizer";
import { summarizeLocalHealth } from "./readiness";
import { createRouteMatcher } from "./route-matcher";

/** API Gateway's own payload cap; the handlers enforce their smaller limit with a 413. */
const MAX_REQUEST_BYTES = 10 * 1024 * 1024;

export interface ApiServerOptions {
  host: string;
  port: number;
  routes: RouteDefinition[];
  functions: FunctionDefinition[];
  /** Loads the handler a function definition names (the same export Lambda runs). */
  loadHandler(fn: FunctionDefinition): Promise<HttpApiHandler>;
  /** Extra local dependency checks merged into GET /health (DynamoDB Local, store, runners). */
  localHealth?: () => Promise<Record<string, HealthCheck>>;
  /**
   * True until the stack has been ready once: meanwhile a 503 is `starting`, never `degraded`
   * (summarizeLocalHealth in dev/readiness.ts). Absent: the answer is summarizeHealth's.
   */
  stillStarting?: () => boolean;
  /**
   * The in-process bus's events, served at the local-only `GET /dev/events` (no such route in AWS: there,
   * subscribe with an EventBridge rule). Each caller sees its own tenant's events only.
   */
  localEvents?: () => readonly { "detail-type": string; detail: Record<string, unknown> }[];
  /** The web console's files at /console/ (dev/console-site.ts); no such path in AWS (CloudFront serves it). */
  site?: ConsoleSite;
  /**
   * Told of each request from its arrival until its answer is sent (or its connection closes): the work the
   * stack does beside the API (dev/background-work.ts) gives way to it.
   */
  activity?: Pick<ReturnType<typeof createApiActivity>, "begin">;
}

export interface RunningApiServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const errorBody = (code: string, message: string) => JSON.stringify({ error: { code, message } });

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const collect = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        // Refuse at once but read the rest away: destroying the socket mid-upload would reset the
        // connection before the client reads the 413.
        req.off("data", collect);
        req.resume();
        chunks.length = 0;
        reject(Object.assign(new Error("Request entity too large"), { status: 413 }));
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", collect);
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });

/**
 * The media types API Gateway hands a Lambda as UTF-8 text; every other body (no content type and
 * `application/x-www-form-urlencoded` included) arrives base64-encoded with `isBase64Encoded: true`.
 */
const isTextMediaType = (contentType: string | undefined): boolean => {
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return (
    mediaType.startsWith("text/") ||
    ["application/json", "application/xml", "application/javascript"].includes(mediaType)
  );
};

/** Builds the HTTP API v2 event API Gateway would send, claims included. */
export const toHttpApiEvent = (
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  routeKey: string,
  pathParameters: Record<string, string>,
  claims: Record<string, string> | undefined,
): APIGatewayProxyEventV2WithJWTAuthorizer => {
  // Payload 2.0: names lower-cased, a repeated header's values joined with commas, cookies apart.
  const headers: Record<string, string> = {};
  for (const [name, values] of Object.entries(req.headersDistinct)) {
    if (values === undefined || name === "cookie") continue;
    headers[name] = values.join(",");
  }
  const cookies = (req.headersDistinct.cookie ?? [])
    .flatMap((line) => line.split(";"))
    .map((cookie) => cookie.trim())
    .filter((cookie) => cookie !== "");
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams)
    query[name] = query[name] === undefined ? value : `${query[name]},${value}`;
  const isText = isTextMediaType(headers["content-type"]);
  const now = new Date();
  const event = {
    version: "2.0",
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ""),
    cookies: cookies.length ? cookies : undefined,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    requestContext: {
      accountId: "000000000000",
      apiId: "local",
      domainName: headers.host ?? "127.0.0.1",
      domainPrefix: "local",
      http: {
        method: (req.method ?? "GET").toUpperCase(),
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? "127.0.0.1",
        userAgent: headers["user-agent"] ?? "",
      },
      requestId: randomUUID(),
      routeKey,
      stage: "$default",
      time: now.toISOString(),
      timeEpoch: now.getTime(),
      authorizer: { principalId: "", integrationLatency: 0, jwt: { claims: claims ?? {}, scopes: [] } },
    },
    body: body.length ? (isText ? body.toString("utf8") : body.toString("base64")) : undefined,
    isBase64Encoded: body.length > 0 && !isText,
  };
  if (!claims) (event.requestContext as { authorizer?: unknown }).authorizer = undefined;
  return event as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
};

const send = (res: ServerResponse, result: APIGatewayProxyStructuredResultV2): void => {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
  if (result.cookies?.length) headers["set-cookie"] = result.cookies;
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? "base64" : "utf8") : undefined);
};

/**
 * The local API Gateway: routes like the HTTP API (same route table as CDK), plays the JWT authorizer on
 * non-public routes, and invokes the same handler the Lambda runs with the event API Gateway would send.
 */
export const startApiServer = async (options: ApiServerOptions): Promise<RunningApiServer> => {
  const match = createRouteMatcher(options.routes);
  const functions = new Map(options.functions.map((f) => [f.id, f]));
  const handlers = new Map<string, Promise<HttpApiHandler>>();
  const handlerFor = (fn: FunctionDefinition) => {
    let handler = handlers.get(fn.id);
    if (!handler) {
      handler = options.loadHandler(fn);
      handlers.set(fn.id, handler);
    }
    return handler;
  };

  /** `GET /dev/events[?detailType=…]`: the caller's tenant's domain events on the local bus, oldest first. */
  const devEvents = (req: IncomingMessage, url: URL): APIGatewayProxyStructuredResultV2 => {
    const tenant = claimsFromDevToken(req.headers.authorization)?.tenant;
    if (!tenant) {
      return {
        statusCode: 401,
        headers: { "content-type": "application/json", "www-authenticate": "Bearer" },
        body: errorBody(
          "unauthorized",
          "Missing or invalid bearer token (Authorization: Bearer dev:<tenant>)",
        ),
      };
    }
    const detailType = url.searchParams.get("detailType");
    const events = (options.localEvents?.() ?? []).filter(
      (event) => event.detail.tenant === tenant && (!detailType || event["detail-type"] === detailType),
    );
    return {
      statusCode: 200,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ events }),
    };
  };

  const invoke = async (
    req: IncomingMessage,
    url: URL,
    body: Buffer,
  ): Promise<APIGatewayProxyStructuredResultV2> => {
    const method = (req.method ?? "GET").toUpperCase();
    if (options.localEvents && method === "GET" && url.pathname === "/dev/events") return devEvents(req, url);
    const page = await options.site?.(method, url.pathname);
    if (page) return page;
    const found = match(method, url.pathname);
    if (!found)
      return {
        statusCode: 404,
        headers: { "content-type": "application/json" },
        body: errorBody("route_not_found", `No route for ${method} ${url.pathname}`),
      };
    const claims = found.route.public ? undefined : claimsFromDevToken(req.headers.authorization);
    if (!found.route.public && !claims) {
      return {
        statusCode: 401,
        headers: { "content-type": "application/json", "www-authenticate": "Bearer" },
        body: errorBody(
          "unauthorized",
          "Missing or invalid bearer token (locally: Authorization: Bearer dev:<tenant>)",
        ),
      };
    }
    const fn = functions.get(found.route.functionId);
    if (!fn) throw new Error(`Route ${found.routeKey} names unknown function ${found.route.functionId}`);
    const handler = await handlerFor(fn);
    const event = toHttpApiEvent(req, url, body, found.routeKey, found.pathParameters, claims);
    const result = await handler(
      event,
      createLambdaContext(fn.id, { timeoutSeconds: fn.timeoutSeconds ?? 30, memoryMb: fn.memoryMb ?? 512 }),
    );
    if (typeof result === "string") return { statusCode: 200, body: result };
    return result;
  };

  /** Adds the local parts' checks to the handler's health answer; any other answer passes unchanged. */
  const withLocalHealth = async (
    result: APIGatewayProxyStructuredResultV2,
  ): Promise<APIGatewayProxyStructuredResultV2> => {
    if (!options.localHealth || (result.statusCode !== 200 && result.statusCode !== 503)) return result;
    let body: unknown;
    try {
      body = JSON.parse(result.body ?? "");
    } catch {
      return result;
    }
    const parsed = HealthResponseSchema.safeParse(body);
    if (!parsed.success) return result;
    const { httpStatus, body: health } = summarizeLocalHealth(
      { ...(await options.localHealth()), ...parsed.data.checks },
      options.stillStarting?.() ?? false,
    );
    return {
      statusCode: httpStatus,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(health),
    };
  };

  const server: Server = createServer(async (req, res) => {
    const ended = options.activity?.begin();
    if (ended) res.once("close", ended);
    try {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const body = await readBody(req);
      const result = await invoke(req, url, body);
      send(res, url.pathname === "/health" ? await withLocalHealth(result) : result);
    } catch (error) {
      const status = (error as { status?: number }).status === 413 ? 413 : 500;
      if (status === 500) console.error("[api-server] handler crashed:", error);
      if (!res.headersSent) {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(
          status === 413
            ? errorBody("body_too_large", "Request entity too large")
            : errorBody("internal", "Internal server error"),
        );
      }
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return {
    url: `http://${options.host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
