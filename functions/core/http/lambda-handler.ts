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

/**
 * The Lambda entry for an API app: the same function runs behind API Gateway and in the local server.
 * With observability it also records a cold-start metric, a per-status-class count and a route annotation.
 */
export const toLambdaHandler = (
  app: OpenAPIHono<ApiEnv>,
  logger: Logger,
  observability?: Pick<Observability, "metrics" | "tracer">,
): HttpApiHandler => {
  const handleEvent = handle(app);
  return async (event, context) => {
    logger.addContext(context);
    observability?.metrics.captureColdStartMetric();
    if (observability?.tracer.isTracingEnabled()) observability.tracer.putAnnotation("route", event.routeKey);
    try {
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
