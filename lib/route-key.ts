import { HttpMethod, HttpRouteKey } from "aws-cdk-lib/aws-apigatewayv2";

const methods = new Set<string>(Object.values(HttpMethod));

/**
 * `GET /plans/{snapshot_id}` or `$default` (the catch-all for unmatched requests) → API Gateway's route
 * key, failing synth with the route on anything else.
 */
export const parseRouteKey = (route: string): HttpRouteKey => {
  if (route === "$default") return HttpRouteKey.DEFAULT;
  const match = /^([A-Z]+) (\/\S*)$/.exec(route);
  const method = match?.[1];
  const path = match?.[2];
  if (method === undefined || path === undefined || !methods.has(method)) {
    throw new Error(
      `Route "${route}" is neither "$default" nor "<METHOD> /path" with one of ${[...methods].join(", ")}`,
    );
  }
  return HttpRouteKey.with(path, method as HttpMethod);
};
