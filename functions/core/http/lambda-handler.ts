import type { OpenAPIHono } from "@hono/zod-openapi";
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2, Context } from "aws-lambda";
import { handle } from "hono/aws-lambda";
import type { Logger } from "../logger";
import type { ApiEnv } from "./api-env";

export type HttpApiHandler = (
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  context: Context,
) => Promise<APIGatewayProxyResultV2>;

/** The Lambda entry for an API app: the same function runs behind API Gateway and in the local server. */
export const toLambdaHandler = (app: OpenAPIHono<ApiEnv>, logger: Logger): HttpApiHandler => {
  const handleEvent = handle(app);
  return async (event, context) => {
    logger.addContext(context);
    return (await handleEvent(
      event as unknown as Parameters<typeof handleEvent>[0],
      context,
    )) as APIGatewayProxyResultV2;
  };
};
