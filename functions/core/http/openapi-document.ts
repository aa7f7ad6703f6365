import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiEnv } from "./api-env";

type OpenApiDocument = ReturnType<OpenAPIHono<ApiEnv>["getOpenAPI31Document"]>;

/**
 * Dependencies for an app built only to describe itself: route handlers are never called while the
 * document is generated, so reading anything but the given values is a bug and says so. (Spreading a
 * Proxy copies none of its behaviour, so the given values are passed in rather than spread over it.)
 */
export const describeOnlyDeps = <T extends object>(name: string, given: Partial<T> = {}): T =>
  new Proxy(given as T, {
    get: (target, property) => {
      if (property in target) return target[property as keyof T];
      if (property === "then") return undefined;
      throw new Error(`${name}.${String(property)} is not available while generating the OpenAPI document`);
    },
  });

/**
 * One OpenAPI 3.1 document for the whole HTTP API, merged from each area's app. Bearer auth is the default
 * (as API Gateway's authorizer is); public operations say `security: []`.
 */
export const mergeOpenApiDocuments = (
  apps: OpenAPIHono<ApiEnv>[],
  info: { title: string; version: string; description: string },
  servers: NonNullable<OpenApiDocument["servers"]> = [],
) => {
  const merged: OpenApiDocument = {
    openapi: "3.1.0",
    info,
    servers,
    security: [{ bearerAuth: [] }],
    paths: {},
    components: { schemas: {}, securitySchemes: {} },
  };
  for (const app of apps) {
    const document = app.getOpenAPI31Document({ openapi: "3.1.0", info });
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      merged.paths = merged.paths ?? {};
      merged.paths[path] = { ...(merged.paths[path] ?? {}), ...item };
    }
    const components = merged.components ?? {};
    components.schemas = { ...components.schemas, ...(document.components?.schemas ?? {}) };
    components.securitySchemes = {
      ...components.securitySchemes,
      ...(document.components?.securitySchemes ?? {}),
    };
    merged.components = components;
  }
  merged.paths = Object.fromEntries(
    Object.entries(merged.paths ?? {}).sort(([a], [b]) => a.localeCompare(b)),
  );
  return merged;
};
