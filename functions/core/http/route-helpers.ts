import { z } from "@hono/zod-openapi";
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
};

/** OpenAPI response entries for the error statuses a route can answer, all in the ErrorResponse shape. */
export const errorResponses = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: ERROR_DESCRIPTIONS[status] ?? "Error",
        content: { "application/json": { schema: ErrorResponseSchema } },
      },
    ]),
  ) as Record<
    S,
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

export { z };
