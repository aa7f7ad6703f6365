import { DependencyUnavailableError } from "../../../../core/errors";
import { StoreDeadlineExceededError, StoreUnreachableError } from "../store-errors";
import type { WaitBound } from "./store-wait-bound";

/** Turns a Playwright navigation or request failure into a reason a person can act on. */
export const describeFailure = (error: unknown, timeoutMs: number): string => {
  const message = error instanceof Error ? error.message : String(error);
  const netError = message.match(/net::(ERR_[A-Z_]+)/)?.[1];
  if (netError === "ERR_CONNECTION_REFUSED") return "connection refused (is the store running?)";
  if (netError === "ERR_NAME_NOT_RESOLVED") return "host name not resolved";
  if (netError) return netError;
  if (/ECONNREFUSED/.test(message)) return "connection refused (is the store running?)";
  if (/ENOTFOUND|EAI_AGAIN/.test(message)) return "host name not resolved";
  if (/Timeout \d+ms exceeded|timed out/i.test(message)) return `no answer within ${timeoutMs} ms`;
  return message.split("\n")[0] ?? "unknown failure";
};

/** The browser, its context or the page went away under the call (a crash, a close). */
export const isBrowserGone = (error: unknown): boolean =>
  error instanceof Error &&
  /Target page, context or browser has been closed|Browser has been closed/.test(error.message);

/** Playwright's own timeouts (navigation, waitForSelector, API requests) are TimeoutErrors. */
export const isPlaywrightTimeout = (error: unknown): boolean =>
  error instanceof Error && (error.name === "TimeoutError" || /Timeout \d+ms exceeded/.test(error.message));

export interface PlaywrightCall {
  /** What the call was doing, for the deadline error ("opening the page"). */
  what: string;
  url?: string;
  /** The wait's bound: a Playwright timeout under a deadline-set bound is StoreDeadlineExceededError. */
  bound?: WaitBound;
  /** When the browser went away ("during a store call", "while opening a session"). */
  during?: string;
  /**
   * The error for any other failure; by default, with a bound, StoreUnreachableError with the failure's
   * reason, and without one the failure itself.
   */
  otherwise?: () => unknown;
}

/**
 * The one translation of a Playwright failure into the store's typed errors, whose names Step Functions
 * Retry/Catch and the coordinator match: the browser gone is DependencyUnavailableError, a wait the
 * deadline cut short is StoreDeadlineExceededError, anything else `otherwise` (a store error this adapter
 * raised itself passes unchanged).
 */
export const translatePlaywrightError = (error: unknown, call: PlaywrightCall): unknown => {
  if (error instanceof StoreUnreachableError) return error;
  if (isBrowserGone(error))
    return new DependencyUnavailableError(`The browser closed ${call.during ?? "during a store call"}`, {
      cause: error,
    });
  if (call.bound?.byDeadline && isPlaywrightTimeout(error))
    return new StoreDeadlineExceededError(`while ${call.what}`, call.url);
  if (call.otherwise) return call.otherwise();
  if (call.bound && call.url !== undefined)
    return new StoreUnreachableError(call.url, describeFailure(error, call.bound.timeoutMs), error);
  return error;
};
