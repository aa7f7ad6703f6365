import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context as LambdaContext } from "aws-lambda";
import type { Logger } from "../logger";

/** What every route handler can read: the Lambda event (bindings) and per-request values (variables). */
export interface ApiEnv {
  Bindings: { event: APIGatewayProxyEventV2WithJWTAuthorizer; lambdaContext: LambdaContext };
  Variables: { tenant: string; requestId: string; logger: Logger };
}
