import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { NotFoundError, PayloadTooLargeError, ValidationError } from "../errors";
import { apiModelDeadline } from "../llm/model-deadline";
import type { Logger } from "../logger";
import { toFieldIssues } from "../validation";
import type { ApiEnv } from "./api-env";
import { mapErrorToHttp } from "./error-response";
import { tenantFromEvent } from "./tenant";

/** Requests larger than this are refused with 413 before any parsing (API Gateway's own cap is 10 MB). */
export const MAX_BODY_BYTES = 256 * 1024;

export interface CreateApiOptions {
  logger: Logger;
  /** `required`: every route needs a tenant from the authorizer's claims. `none`: public routes only. */
  auth: "required" | "none";
  maxBodyBytes?: number;
}

const TARGET_NAMES: Record<string, string> = {
  json: "body",
  param: "path",
  query: "query",
  header: "header",
};

/**
 * An OpenAPIHono app with Larder's conventions: zod validation failures become 400s that name each field
 * (`body.planned_meals.0.date`), every error goes through `mapErrorToHttp`, unknown routes are JSON 404s,
 * oversized bodies are 413s, and the tenant comes from the JWT claims.
 */
export const createApi = ({
  logger,
  auth,
  maxBodyBytes = MAX_BODY_BYTES,
}: CreateApiOptions): OpenAPIHono<ApiEnv> => {
  const app = new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const where = TARGET_NAMES[result.target] ?? result.target;
      const issues = toFieldIssues(result.error).map((i) => ({
        path: i.path === "(root)" ? where : `${where}.${i.path}`,
        message: i.message,
      }));
      const error = new ValidationError(`Invalid ${where}: ${issues.map((i) => i.path).join(", ")}`, issues);
      const mapped = mapErrorToHttp(error);
      return c.json(mapped.body, mapped.status as ContentfulStatusCode);
    },
  });

  // Each area's document states its own body limit on every 413 (they differ: 256 KiB, 2 MiB, 6 MB).
  const withBodyLimit = <D>(document: D): D => {
    const paths = (
      document as {
        paths?: Record<string, Record<string, { responses?: Record<string, { description?: string }> }>>;
      }
    ).paths;
    for (const operations of Object.values(paths ?? {}))
      for (const operation of Object.values(operations)) {
        const tooLarge = operation.responses?.["413"];
        if (tooLarge)
          tooLarge.description = `The body is larger than this area's limit, ${maxBodyBytes} bytes (\`body_too_large\`)`;
      }
    return document;
  };
  const getOpenAPIDocument = app.getOpenAPIDocument.bind(app);
  const getOpenAPI31Document = app.getOpenAPI31Document.bind(app);
  app.getOpenAPIDocument = (...args) => withBodyLimit(getOpenAPIDocument(...args));
  app.getOpenAPI31Document = (...args) => withBodyLimit(getOpenAPI31Document(...args));

  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description:
      "A JWT whose `tenant` (or `custom:tenant`) claim names the tenant. Locally: `Bearer dev:<tenant>`.",
  });

  app.use("*", async (c, next) => {
    const requestId =
      c.env?.event?.requestContext?.requestId ?? c.req.header("x-request-id") ?? crypto.randomUUID();
    c.set("requestId", requestId);
    c.set("modelDeadline", apiModelDeadline(Date.now(), c.env?.lambdaContext));
    c.set("logger", logger.createChild({ persistentKeys: { requestId } }));
    await next();
    c.header("x-request-id", requestId);
  });

  app.use(
    "*",
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: () => {
        throw new PayloadTooLargeError(`The request body is larger than ${maxBodyBytes} bytes`, {
          code: "body_too_large",
          details: { limit: maxBodyBytes },
        });
      },
    }),
  );

  if (auth === "required") {
    app.use("*", async (c, next) => {
      c.set("tenant", tenantFromEvent(c.env?.event));
      await next();
    });
  }

  app.notFound((c) => {
    const mapped = mapErrorToHttp(
      new NotFoundError(`No route for ${c.req.method} ${c.req.path}`, { code: "route_not_found" }),
    );
    return c.json(mapped.body, 404);
  });

  app.onError((error, c) => {
    const requestLogger = c.get("logger") ?? logger;
    if (error instanceof HTTPException) {
      // Hono's own validators throw these (e.g. malformed JSON); keep their status, use our shape.
      const status = error.status;
      const code = status === 400 ? "malformed_request" : status === 413 ? "body_too_large" : "http_error";
      // `message` is a key the logger keeps for its own line (Powertools drops it): `reason` instead.
      requestLogger.warn("Request refused", { status, code, reason: error.message });
      return c.json({ error: { code, message: error.message } }, status as ContentfulStatusCode);
    }
    const mapped = mapErrorToHttp(error);
    if (mapped.status >= 500) requestLogger.error("Request failed", { error: error as Error });
    else requestLogger.info("Request refused", { status: mapped.status, code: mapped.body.error.code });
    for (const [name, value] of Object.entries(mapped.headers)) c.header(name, value);
    return c.json(mapped.body, mapped.status as ContentfulStatusCode);
  });

  return app;
};
