import type { RouteDefinition } from "../lib/definition-types";

export interface RouteMatch {
  route: RouteDefinition;
  /** API Gateway's routeKey, e.g. `GET /plans/{snapshot_id}`. */
  routeKey: string;
  pathParameters: Record<string, string>;
}

interface CompiledRoute {
  route: RouteDefinition;
  method: string;
  segments: string[];
  /** Higher is more specific: literal segments beat `{param}`, which beats `{proxy+}`; a method beats ANY. */
  score: number;
}

const compile = (route: RouteDefinition): CompiledRoute | undefined => {
  if (route.route === "$default") return undefined;
  const [method = "", path = ""] = route.route.split(" ");
  const segments = path.split("/").filter(Boolean);
  let score = method === "ANY" ? 0 : 1;
  for (const segment of segments) {
    score *= 4;
    if (segment.endsWith("+}")) score += 1;
    else if (segment.startsWith("{")) score += 2;
    else score += 3;
  }
  return { route, method, segments, score };
};

const matchSegments = (pattern: string[], actual: string[]): Record<string, string> | undefined => {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] ?? "";
    if (p.startsWith("{") && p.endsWith("+}")) {
      const rest = actual.slice(i);
      if (rest.length === 0) return undefined;
      params[p.slice(1, -2)] = rest.join("/");
      return params;
    }
    const a = actual[i];
    if (a === undefined) return undefined;
    if (p.startsWith("{") && p.endsWith("}")) params[p.slice(1, -1)] = decodeURIComponent(a);
    else if (p !== a) return undefined;
  }
  return pattern.length === actual.length ? params : undefined;
};

/**
 * API Gateway HTTP API route selection: the most specific matching route wins, `$default` catches the
 * rest. Used by the local server so it routes exactly like the deployed API.
 */
export const createRouteMatcher = (routes: RouteDefinition[]) => {
  const compiled = routes
    .map(compile)
    .filter((r): r is CompiledRoute => r !== undefined)
    .sort((a, b) => b.score - a.score);
  const fallback = routes.find((r) => r.route === "$default");
  return (method: string, path: string): RouteMatch | undefined => {
    const actual = path.split("/").filter(Boolean);
    for (const candidate of compiled) {
      if (candidate.method !== "ANY" && candidate.method !== method.toUpperCase()) continue;
      const params = matchSegments(candidate.segments, actual);
      if (params) return { route: candidate.route, routeKey: candidate.route.route, pathParameters: params };
    }
    return fallback ? { route: fallback, routeKey: "$default", pathParameters: {} } : undefined;
  };
};
