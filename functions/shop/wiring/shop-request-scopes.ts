import type { LlmPort } from "../../core/llm/llm-port";
import { deadlineFromRemainingTime, type RemainingTime } from "../../core/llm/model-deadline";
import { withRequestScope } from "../../core/request-scope";
import { STORE_DEADLINE_MARGIN_MS } from "../adapters/store/store-deadline-margin";
import type { ShopApiDeps } from "../http/shop-api-deps";

/**
 * ShopApi's model scope over `llm`: the core request scope on the request's model deadline (API Gateway's
 * 30 s less the offline answer's reserve, as in every area), its usage logged in one line.
 */
export const shopModelScope =
  (llm: LlmPort): ShopApiDeps["inModelScope"] =>
  (request, use) =>
    withRequestScope(
      llm,
      {
        tenant: request.tenant,
        logger: request.logger,
        deadline: request.deadline,
        logContext: { route: request.route },
      },
      (scope) => use({ llm: scope.llm, logger: scope.logger }),
    );

/** A decision's store deadline: the Lambda's remaining time less the store's margin; none outside Lambda. */
export const storeDeadlineFor = (lambdaContext: RemainingTime | undefined): number | undefined =>
  typeof lambdaContext?.getRemainingTimeInMillis === "function"
    ? deadlineFromRemainingTime(lambdaContext, STORE_DEADLINE_MARGIN_MS)
    : undefined;
