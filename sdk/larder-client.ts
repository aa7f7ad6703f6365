import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { components, paths } from "./larder-api";

export type { components, operations, paths } from "./larder-api";

/** A typed client of the Larder API: `GET`, `POST`, … over the document's paths (openapi-fetch). */
export type LarderClient = Client<paths>;
/** Every error response's body: `{ error: { code, message, details? } }`. */
export type LarderErrorResponse = components["schemas"]["ErrorResponse"];

export interface LarderClientOptions {
  /** `http://127.0.0.1:3000` locally, or the deployed stack's output `Url`. */
  baseUrl: string;
  /** A JWT carrying the tenant; locally `dev:<tenant>` (e.g. `dev:demo`). Omit for public routes only. */
  token?: string;
  /** Runs around every call (logging, retries, checks); see openapi-fetch's middleware. */
  middleware?: Middleware[];
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * A client generated from docs/openapi.json: paths, parameters, bodies and each status's response are
 * typed, and each call answers `{ data }` or `{ error }` (the error shape), never throwing on 4xx/5xx.
 */
export const createLarderClient = ({
  baseUrl,
  token,
  middleware = [],
  fetch,
}: LarderClientOptions): LarderClient => {
  const client = createClient<paths>({
    baseUrl,
    ...(token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } }),
    ...(fetch === undefined ? {} : { fetch }),
  });
  if (middleware.length > 0) client.use(...middleware);
  return client;
};
