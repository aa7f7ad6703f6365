/**
 * The one deadline discipline for model calls. A call (its SDK retries included) must end while its
 * caller still has time to answer without it, so the caller's offline path always gets to run:
 * - an API request: API Gateway cuts every request at 30 s, deployed, and the local API server does the
 *   same; the model gets what is left of that (or of the Lambda's remaining time, if less) less
 *   `API_OFFLINE_RESERVE_MS`;
 * - a workflow step: the Lambda's remaining time less `STEP_OFFLINE_RESERVE_MS`.
 * A provider that times out is then skipped for a while by its breaker (provider-breaker.ts).
 */

/** The part of a Lambda context a deadline needs (no aws-lambda types at run time). */
export interface RemainingTime {
  getRemainingTimeInMillis(): number;
}

/** Whether a context carries the Lambda's clock: a test's or an emulator's partial context may not. */
export const hasLambdaClock = (context: Partial<RemainingTime> | undefined): context is RemainingTime =>
  typeof context?.getRemainingTimeInMillis === "function";

/** API Gateway's integration timeout, which no configuration raises for an HTTP API. */
export const API_GATEWAY_TIMEOUT_MS = 30_000;

/** Kept after an API request's model deadline: the offline path, saving, and the answer's way back. */
export const API_OFFLINE_RESERVE_MS = 5_000;

/** Kept after a step's model deadline: the heuristic fallback, writing the step's record, returning. */
export const STEP_OFFLINE_RESERVE_MS = 8_000;

/** The model deadline of an API request that arrived at `receivedAt`. */
export const apiModelDeadline = (
  receivedAt: number,
  context: RemainingTime | undefined,
  now: number = Date.now(),
): number => {
  // A partial context (a test's, an emulator's) without the clock bounds nothing.
  const lambdaEnds = hasLambdaClock(context)
    ? now + context.getRemainingTimeInMillis()
    : Number.POSITIVE_INFINITY;
  return Math.min(receivedAt + API_GATEWAY_TIMEOUT_MS, lambdaEnds) - API_OFFLINE_RESERVE_MS;
};

/**
 * The instant (epoch ms) a Lambda's work must stop: its remaining time less `marginMs`, kept for
 * answering, saving and returning. The one deadline computation; the others below are its uses.
 */
export const deadlineFromRemainingTime = (
  context: RemainingTime,
  marginMs: number,
  now: number = Date.now(),
): number => now + Math.max(0, context.getRemainingTimeInMillis() - marginMs);

/** The model deadline of a workflow step (or any Lambda invocation that is not an API request). */
export const stepModelDeadline = (context: RemainingTime, now: number = Date.now()): number =>
  deadlineFromRemainingTime(context, STEP_OFFLINE_RESERVE_MS, now);
