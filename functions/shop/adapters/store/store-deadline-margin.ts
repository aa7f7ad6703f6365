import {
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

/** The store deadline of a Lambda with this much time left: the one computation (steps, ShopApi, tools). */
export const storeDeadlineAt = (context: RemainingTime, now: number = Date.now()): number =>
  deadlineFromRemainingTime(context, STORE_DEADLINE_MARGIN_MS, now);

/** A decision's store deadline from the Lambda's clock; undefined without one (a test's partial context). */
export const storeDeadlineFor = (lambdaContext: Partial<RemainingTime> | undefined): number | undefined =>
  hasLambdaClock(lambdaContext) ? storeDeadlineAt(lambdaContext) : undefined;
