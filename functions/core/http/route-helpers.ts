import { createRoute, type RouteConfig, z } from "@hono/zod-openapi";
import { ErrorResponseSchema } from "./error-response";

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "The request failed validation; `details.issues` names each field",
  401: "Missing or invalid bearer token",
  403: "The token carries no usable tenant",
  404: "Not found",
  409: "A conflicting write (stale version); re-read and retry",
  413: "The body is too large",
  422: "Well-formed, but the domain refuses it",
  429: "Too many requests",
  503: "A dependency is unavailable",
  500: "An unexpected error; the body shows no internals (the cause is in the logs)",
};

/**
 * OpenAPI response entries for the error statuses a route can answer, all in the ErrorResponse shape. The
 * generic 500 every handler can answer is always included.
 */
export const errorResponses = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(
    [...statuses, 500 as const].map((status) => [
      status,
      {
        description: ERROR_DESCRIPTIONS[status] ?? "Error",
        content: { "application/json": { schema: ErrorResponseSchema } },
      },
    ]),
  ) as Record<
    S | 500,
    { description: string; content: { "application/json": { schema: typeof ErrorResponseSchema } } }
  >;

/** A required JSON request body. */
export const jsonBody = <S extends z.ZodType>(schema: S, description?: string) => ({
  required: true,
  description,
  content: { "application/json": { schema } },
});

/** A JSON response entry. */
export const jsonResponse = <S extends z.ZodType>(schema: S, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

export const bearerAuth = [{ bearerAuth: [] }];

/** A route without the JWT authorizer (`public: true` in lib/areas); the document says so explicitly. */
export const noAuth: { [scheme: string]: string[] }[] = [];

/**
 * `createRoute` with what a client developer needs made compulsory: a stable `operationId` named for what
 * the operation does (`getShoppingList`, `createVariant`; generated clients use it as the method name) and
 * an explicit `security` (`bearerAuth`, or `noAuth` for a public route). Document error responses with
 * `errorResponses(...)`; tests/unit/platform/openapi-operations.test.ts and the Redocly lint check both.
 */
export const defineRoute = <
  R extends RouteConfig & { operationId: string; security: { [scheme: string]: string[] }[] },
>(
  config: R,
) => createRoute(config);

export { z };
