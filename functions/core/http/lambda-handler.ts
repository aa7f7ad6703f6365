import type { OpenAPIHono } from "@hono/zod-openapi";
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2, Context } from "aws-lambda";
import { handle } from "hono/aws-lambda";
import type { Logger } from "../logger";
import { MetricUnit, type Observability } from "../observability";
import type { ApiEnv } from "./api-env";

export type HttpApiHandler = (
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  context: Context,
) => Promise<APIGatewayProxyResultV2>;

/** An API app, or a function that builds it on the first request (see `toLambdaHandler`). */
export type ApiAppSource = OpenAPIHono<ApiEnv> | (() => Promise<OpenAPIHono<ApiEnv>>);

/**
 * The Lambda entry for an API app: the same function runs behind API Gateway and in the local server.
 * With observability it also records a cold-start metric, a per-status-class count and a route annotation.
 *
 * Given a loader instead of an app, the app is built on the first request and kept for the container's
 * life: an entry passes `() => import("./http/…")`, so its routes and their zod schemas are compiled and
 * built then, not at init (ARCHITECTURE.md, "How a Lambda stays within budget"). A loader that fails is
 * tried again on the next request.
 */
export const toLambdaHandler = (
  app: ApiAppSource,
  logger: Logger,
  observability?: Pick<Observability, "metrics" | "tracer">,
): HttpApiHandler => {
  type EventHandler = ReturnType<typeof handle>;
  let handling: Promise<EventHandler> | undefined =
    typeof app === "function" ? undefined : Promise.resolve(handle(app));
  const eventHandler = (): Promise<EventHandler> => {
    if (handling) return handling;
    const loading = (app as () => Promise<OpenAPIHono<ApiEnv>>)().then((built) => handle(built));
    handling = loading;
    loading.catch(() => {
      if (handling === loading) handling = undefined;
    });
    return loading;
  };
  return async (event, context) => {
    logger.addContext(context);
    observability?.metrics.captureColdStartMetric();
    if (observability?.tracer.isTracingEnabled()) observability.tracer.putAnnotation("route", event.routeKey);
    try {
      const handleEvent = await eventHandler();
      const result = (await handleEvent(
        event as unknown as Parameters<typeof handleEvent>[0],
        context,
      )) as APIGatewayProxyResultV2;
      const status = typeof result === "object" && result.statusCode ? result.statusCode : 200;
      observability?.metrics.addMetric(`Http${Math.floor(status / 100)}xx`, MetricUnit.Count, 1);
      return result;
    } finally {
      observability?.metrics.publishStoredMetrics();
    }
  };
};
