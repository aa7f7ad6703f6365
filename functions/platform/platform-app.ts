import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
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
          return [
            name,
            { status: "down" as const, detail: error instanceof Error ? error.message : String(error) },
          ] as const;
        }
      }),
    );
    const checks = Object.fromEntries(entries);
    const healthy = entries.every(([, check]) => check.status === "ok");
    if (healthy) return c.json({ status: "ok" as const, checks }, 200);
    return c.json({ status: "degraded" as const, checks }, 503);
  });
  app.openapi(openApiRoute, (c) => c.json(deps.openApiDocument() as Record<string, unknown>, 200));
  return app;
};
