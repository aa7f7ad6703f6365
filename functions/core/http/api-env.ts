import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context as LambdaContext } from "aws-lambda";
import type { Logger } from "../logger";

/** What every route handler can read: the Lambda event (bindings) and per-request values (variables). */
export interface ApiEnv {
  Bindings: { event: APIGatewayProxyEventV2WithJWTAuthorizer; lambdaContext: LambdaContext };
  Variables: {
    tenant: string;
    requestId: string;
    logger: Logger;
    /**
     * Epoch ms by which a model call of this request must end: API Gateway's 30 s (or the Lambda's
     * remaining time, if less) from arrival, less the reserve the offline path needs. See model-deadline.ts.
     */
    modelDeadline: number;
  };
}
