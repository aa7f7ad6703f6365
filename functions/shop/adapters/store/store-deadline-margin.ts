import {
  API_GATEWAY_TIMEOUT_MS,
  deadlineFromRemainingTime,
  hasLambdaClock,
  type RemainingTime,
} from "../../../core/llm/model-deadline";

/**
 * Kept back from the time left: after a tool stops at its deadline, the household's context still closes
 * (bounded by the browser adapter's grace) and the caller answers, so a slow store ends in
 * StoreDeadlineExceededError rather than a Lambda timeout. Its own module, so a step can import it without
 * loading the store's page code at cold start.
 */
export const STORE_DEADLINE_MARGIN_MS = 3_000;

/** The store deadline of a Lambda with this much time left: the one computation (steps, ShopApi). */
export const storeDeadlineAt = (context: RemainingTime, now: number = Date.now()): number =>
  deadlineFromRemainingTime(context, STORE_DEADLINE_MARGIN_MS, now);

/** A request's or step's store deadline from its Lambda's clock; undefined without one (a test's partial context). */
export const storeDeadlineFor = (lambdaContext: Partial<RemainingTime> | undefined): number | undefined =>
  hasLambdaClock(lambdaContext) ? storeDeadlineAt(lambdaContext) : undefined;

/** The time a request without a Lambda clock has (a test calling the app directly): API Gateway's cut. */
export const API_GATEWAY_CLOCK: RemainingTime = { getRemainingTimeInMillis: () => API_GATEWAY_TIMEOUT_MS };
