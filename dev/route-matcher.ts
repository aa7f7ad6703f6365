import type { RouteDefinition } from "../lib/definition-types";

export interface RouteMatch {
  route: RouteDefinition;
  /** API Gateway's routeKey, e.g. `GET /plans/{snapshot_id}`. */
  routeKey: string;
  pathParameters: Record<string, string>;
}

/** How specific one path segment is: a literal beats `{param}`, which beats `{proxy+}`. */
const LITERAL = 3;
const PARAM = 2;
const GREEDY = 1;

interface CompiledRoute {
  route: RouteDefinition;
  method: string;
  segments: string[];
  /** One of LITERAL, PARAM, GREEDY per segment. */
  kinds: number[];
  greedy: boolean;
}

const isGreedy = (segment: string) => segment.startsWith("{") && segment.endsWith("+}");
const isParam = (segment: string) => segment.startsWith("{") && segment.endsWith("}");

const compile = (route: RouteDefinition): CompiledRoute | undefined => {
  if (route.route === "$default") return undefined;
  const [method = "", path = ""] = route.route.split(" ");
  const segments = path.split("/").filter(Boolean);
  const kinds = segments.map((s) => (isGreedy(s) ? GREEDY : isParam(s) ? PARAM : LITERAL));
  return { route, method, segments, kinds, greedy: kinds.at(-1) === GREEDY };
};

/**
 * Orders routes as API Gateway picks among those that match a request: every full match before any
 * greedy (`{proxy+}`) match, then the more specific path (compared segment by segment from the left),
 * then a route naming the method before `ANY`. So `ANY /pets` wins `GET /pets` over `GET /{proxy+}`.
 */
const bySpecificity = (a: CompiledRoute, b: CompiledRoute): number => {
  if (a.greedy !== b.greedy) return a.greedy ? 1 : -1;
  for (let i = 0; i < Math.max(a.kinds.length, b.kinds.length); i++) {
    const difference = (b.kinds[i] ?? 0) - (a.kinds[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return (a.method === "ANY" ? 1 : 0) - (b.method === "ANY" ? 1 : 0);
};

/**
 * API Gateway decodes path parameters before the integration sees them. A segment that is not valid
 * percent-encoding is passed on as sent, so the handler's validation answers 400 naming the parameter
 * instead of the server failing.
 */
const decodeSegment = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

const matchSegments = (pattern: CompiledRoute, actual: string[]): Record<string, string> | undefined => {
  const params: Record<string, string> = {};
  for (const [i, p] of pattern.segments.entries()) {
    if (pattern.kinds[i] === GREEDY) {
      const rest = actual.slice(i);
      if (rest.length === 0) return undefined;
      params[p.slice(1, -2)] = rest.map(decodeSegment).join("/");
      return params;
    }
    const a = actual[i];
    if (a === undefined) return undefined;
    if (pattern.kinds[i] === PARAM) params[p.slice(1, -1)] = decodeSegment(a);
    else if (p !== a) return undefined;
  }
  return pattern.segments.length === actual.length ? params : undefined;
};

/**
 * API Gateway HTTP API route selection: the most specific matching route wins, `$default` catches the
 * rest. Used by the local server so it routes exactly like the deployed API.
 */
export const createRouteMatcher = (routes: RouteDefinition[]) => {
  const compiled = routes
    .map(compile)
    .filter((r): r is CompiledRoute => r !== undefined)
    .sort(bySpecificity);
  const fallback = routes.find((r) => r.route === "$default");
  return (method: string, path: string): RouteMatch | undefined => {
    const actual = path.split("/").filter(Boolean);
    for (const candidate of compiled) {
      if (candidate.method !== "ANY" && candidate.method !== method.toUpperCase()) continue;
      const params = matchSegments(candidate, actual);
      if (params) return { route: candidate.route, routeKey: candidate.route.route, pathParameters: params };
    }
    return fallback ? { route: fallback, routeKey: "$default", pathParameters: {} } : undefined;
  };
};
