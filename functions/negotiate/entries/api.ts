import { toLambdaHandler } from "../../core/http/lambda-handler";
import { negotiateApi } from "../wiring/negotiate-api-wiring";

/** NegotiateApi: the app the wiring builds on the first request (config is read at cold start). */
export const handler = toLambdaHandler(negotiateApi.loadApp, negotiateApi.logger, negotiateApi.observability);
