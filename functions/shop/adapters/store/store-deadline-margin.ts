/**
 * Kept back from the time left: after a tool stops at its deadline, the household's context still closes
 * (bounded by the browser adapter's grace) and the caller answers, so a slow store ends in
 * StoreDeadlineExceededError rather than a Lambda timeout. Its own module, so a step can import it without
 * loading the store's page code at cold start.
 */
export const STORE_DEADLINE_MARGIN_MS = 3_000;
