import type { LlmPort } from "../../core/llm/llm-port";
import { withRequestScope } from "../../core/request-scope";
import type { ShopApiDeps } from "../http/shop-api-deps";

/**
 * ShopApi's model scope over `llm`: the core request scope on the request's model deadline (API Gateway's
 * 30 s less the offline answer's reserve, as in every area), its usage logged in one line.
 */
export const shopModelScope =
  (llm: LlmPort): ShopApiDeps["inRequestScope"] =>
  (request, use) =>
    withRequestScope(llm, request, (scope) => use({ llm: scope.llm, logger: scope.logger }));
