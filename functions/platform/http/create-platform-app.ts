import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { isLarderError } from "../../core/errors";
import type { ApiEnv } from "../../core/http/api-env";
import { createApi } from "../../core/http/create-api";
import { defineRoute, errorResponses, jsonResponse, noAuth } from "../../core/http/route-helpers";
import type { Logger } from "../../core/logger";
import {
  type HealthCheck,
  type HealthProbe,
  type HealthResponse,
  summarizeHealth,
} from "../domain/health-check";

/** One dependency's state: `starting` until it is ready for requests, `disabled` when switched off. */
export const HealthCheckSchema = z
  .object({
    status: z.enum(["ok", "starting", "down", "degraded", "disabled"]).openapi({
      description:
        "`degraded`: failed recently and skipped for a while, requests answered without it (the model: each area's offline path)",
    }),
    detail: z.string().optional(),
    retry_after_seconds: z.number().int().positive().optional().openapi({
      description: "When to ask again: a paused or resuming database (also sent as the `Retry-After` header)",
    }),
  })
  .openapi("HealthCheck");

export const HealthResponseSchema = z
  .object({
    status: z.enum(["ok", "starting", "degraded"]).openapi({
      description:
        "`ok` only when every check is ok, degraded or disabled: ready for requests, not merely listening",
    }),
    checks: z.record(z.string(), HealthCheckSchema),
  })
  .openapi("Health");
// The schemas describe the domain's shapes: a drift between them fails to compile here.
const sameShape = <A, B>(_proof: [A] extends [B] ? ([B] extends [A] ? true : never) : never) => undefined;
sameShape<z.infer<typeof HealthCheckSchema>, HealthCheck>(true);
sameShape<z.infer<typeof HealthResponseSchema>, HealthResponse>(true);

export { type HealthCheck, type HealthProbe, summarizeHealth };

export interface PlatformDeps {
  logger: Logger;
  /**
   * Each dependency's check: resolves when healthy (or with its own state, e.g. a paused database that
   * is `starting` with a retry hint), rejects with the reason otherwise.
   */
  healthChecks: Record<string, HealthProbe>;
  /** The document; may load it on first use. */
  openApiDocument: () => unknown;
}

const healthRoute = defineRoute({
  method: "get",
  path: "/health",
  operationId: "getHealth",
  tags: ["platform"],
  security: noAuth,
  summary: "Readiness: 200 only when every dependency is ready for requests (no token needed)",
  responses: {
    200: jsonResponse(HealthResponseSchema, "Every dependency is up: ready for requests"),
    503: jsonResponse(
      HealthResponseSchema,
      "A dependency is down (`degraded`) or not ready yet (`starting`); a `Retry-After` header says when to ask again if a check knows",
    ),
    ...errorResponses(),
  },
});

const openApiRoute = defineRoute({
  method: "get",
  path: "/openapi.json",
  operationId: "getOpenApiDocument",
  tags: ["platform"],
  security: noAuth,
  summary: "This API's OpenAPI 3.1 document (generated from the handlers' zod schemas)",
  responses: {
    200: { description: "The OpenAPI document", content: { "application/json": { schema: z.any() } } },
    ...errorResponses(),
  },
});

/**
 * What a failed check shows. /health is public, so only our own errors' messages (written to be shown)
 * appear; a raw SDK error can name accounts, roles and ARNs and stays in the logs.
 */
const failureDetail = (error: unknown): string =>
  isLarderError(error) && error.category !== "internal" && error.category !== "config"
    ? error.message
    : "the check failed; the cause is in the logs";

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/;

/** The origin this request reached (http on loopback, the local stack; https elsewhere), if known. */
const servedOrigin = (host: string | undefined): string | undefined => {
  if (!host || !/^[A-Za-z0-9.\-[\]:]+$/.test(host)) return undefined;
  return `${LOOPBACK.test(host) ? "http" : "https"}://${host}`;
};

/**
 * The document's servers with the one that answered first: the port actually served (`PORT=3300`), not
 * the default the file was generated with. The file's loopback entry goes (it names another port); a
 * deployed stage's templated entry stays.
 */
const withServedFirst = (servers: unknown, self: string) => [
  { url: self, description: "This API: the server that answered this request" },
  ...(Array.isArray(servers) ? servers : []).filter((server: { url?: unknown }) => {
    const url = typeof server?.url === "string" ? server.url : "";
    return url !== self && !/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url);
  }),
];

/** Public endpoints: health and the API description. */
export const createPlatformApp = (deps: PlatformDeps): OpenAPIHono<ApiEnv> => {
  const app = createApi({ logger: deps.logger, auth: "none" });
  app.openapi(healthRoute, async (c) => {
    const entries = await Promise.all(
      Object.entries(deps.healthChecks).map(async ([name, check]): Promise<[string, HealthCheck]> => {
        try {
          return [name, (await check()) ?? { status: "ok" }];
        } catch (error) {
          c.get("logger").warn("Health check failed", { check: name, error: error as Error });
          return [name, { status: "down", detail: failureDetail(error) }];
        }
      }),
    );
    const { httpStatus, body } = summarizeHealth(Object.fromEntries(entries));
    const retryAfter = Math.max(0, ...entries.map(([, state]) => state.retry_after_seconds ?? 0));
    if (httpStatus === 503 && retryAfter > 0) c.header("Retry-After", String(retryAfter));
    return c.json(body, httpStatus);
  });
  app.openapi(openApiRoute, async (c) => {
    const document = (await deps.openApiDocument()) as Record<string, unknown>;
    const self = servedOrigin(c.env?.event?.requestContext?.domainName ?? c.req.header("host"));
    return c.json(self ? { ...document, servers: withServedFirst(document.servers, self) } : document, 200);
  });
  return app;
};
