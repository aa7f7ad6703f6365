import { z } from "@hono/zod-openapi";
import { type ErrorCategory, isLarderError, RateLimitedError } from "../errors";

/** The one place that turns an error category into an HTTP status. */
export const STATUS_BY_CATEGORY: Record<ErrorCategory, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
  config: 500,
  internal: 500,
};

export const ErrorResponseSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: "validation" }),
      message: z.string().openapi({ example: "Invalid body: planned_meals.0.date" }),
      details: z.unknown().optional(),
      fix: z.string().optional().openapi({
        example: "Connect the account again with the right email and password: PUT /shop/store-account",
      }),
    }),
  })
  .openapi("ErrorResponse");
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export interface MappedError {
  status: number;
  body: ErrorResponse;
  headers: Record<string, string>;
}

/**
 * Known errors keep their code, message, details and fix; anything else becomes a generic 500 that shows no
 * internals (the caller logs the real error). Config errors are our fault too: a 500 without details.
 */
export const mapErrorToHttp = (error: unknown): MappedError => {
  if (isLarderError(error) && error.category !== "internal" && error.category !== "config") {
    const headers: Record<string, string> = {};
    if (error instanceof RateLimitedError && error.retryAfterSeconds !== undefined) {
      headers["retry-after"] = String(Math.ceil(error.retryAfterSeconds));
    }
    const body: ErrorResponse = { error: { code: error.code, message: error.message } };
    if (error.details !== undefined) body.error.details = error.details;
    if (error.fix !== undefined) body.error.fix = error.fix;
    return { status: STATUS_BY_CATEGORY[error.category], body, headers };
  }
  return {
    status: 500,
    body: { error: { code: "internal", message: "Internal server error" } },
    headers: {},
  };
};
