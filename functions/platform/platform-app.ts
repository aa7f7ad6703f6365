import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { isLarderError } from "../core/errors";
import type { ApiEnv } from "../core/http/api-env";
import { createApi } from "../core/http/create-api";
import { jsonResponse } from "../core/http/route-helpers";
import type { Logger } from "../core/logger";

export const HealthResponseSchema = z
  .object({
    status: z.enum(["ok", "degraded"]),
    checks: z.record(
      z.string(),
      z.object({ status: z.enum(["ok", "down", "disabled"]), detail: z.string().optional() }),
    ),
  })
  .openapi("Health");

export interface PlatformDeps {
  logger: Logger;
  /** Each dependency's check: resolves when healthy, rejects with the reason otherwise. */
  healthChecks: Record<string, () => Promise<void>>;
  /** The document; may load it on first use. */
  openApiDocument: () => unknown;
}

const healthRoute = createRoute({
  method: "get",
  path: "/health",
  tags: ["platform"],
  summary: "Liveness and each dependency's state (no token needed)",
  responses: {
    200: jsonResponse(HealthResponseSchema, "Every dependency is up"),
    503: jsonResponse(HealthResponseSchema, "A dependency is down"),
  },
});

const openApiRoute = createRoute({
  method: "get",
  path: "/openapi.json",
  tags: ["platform"],
  summary: "This API's OpenAPI 3.1 document (generated from the handlers' zod schemas)",
  responses: {
    200: { description: "The OpenAPI document", content: { "application/json": { schema: z.any() } } },
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

/** Public endpoints: health and the API description. */
export const createPlatformApp = (deps: PlatformDeps): OpenAPIHono<ApiEnv> => {
  const app = createApi({ logger: deps.logger, auth: "none" });
  app.openapi(healthRoute, async (c) => {
    const entries = await Promise.all(
      Object.entries(deps.healthChecks).map(async ([name, check]) => {
        try {
          await check();
          return [name, { status: "ok" as const }] as const;
        } catch (error) {
          c.get("logger").warn("Health check failed", { check: name, error: error as Error });
          return [name, { status: "down" as const, detail: failureDetail(error) }] as const;
        }
      }),
    );
    const checks = Object.fromEntries(entries);
    const healthy = entries.every(([, check]) => check.status === "ok");
    if (healthy) return c.json({ status: "ok" as const, checks }, 200);
    return c.json({ status: "degraded" as const, checks }, 503);
  });
  app.openapi(openApiRoute, async (c) =>
    c.json((await deps.openApiDocument()) as Record<string, unknown>, 200),
  );
  return app;
};
