import type { Context } from "hono";
import type { RequestScopeInput } from "../request-scope";
import type { ApiEnv } from "./api-env";

/** `METHOD /route/{param}` of a request: its route, not its URL (no ids in a log field's values). */
export const routeOf = (c: Context<ApiEnv>): string => `${c.req.method} ${c.req.routePath}`;

/**
 * What an API request brings to its scope (core/request-scope.ts): its tenant, its logger, its model
 * deadline (`c.get("modelDeadline")`, set by createApi) and its route for the scope's LLM totals line.
 * The one request type every area's `*ApiDeps.inRequestScope` takes.
 */
export interface ApiRequestScopeInput extends RequestScopeInput {
  deadline: number;
  logContext: { route: string };
}

/** The request scope input of one API request: what every area's http hands its `inRequestScope`. */
export const requestScopeInputOf = (c: Context<ApiEnv>): ApiRequestScopeInput => ({
  tenant: c.get("tenant"),
  logger: c.get("logger"),
  deadline: c.get("modelDeadline"),
  logContext: { route: routeOf(c) },
});
