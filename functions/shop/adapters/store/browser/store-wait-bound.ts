import { StoreDeadlineExceededError } from "../store-errors";

/** The bound on one wait of a store call. */
export interface WaitBound {
  timeoutMs: number;
  /** The deadline, not the store timeout, set the bound: running out of time means the deadline passed. */
  byDeadline: boolean;
}

/**
 * Bounds one wait by the store timeout and by the call's deadline, whichever comes first. A wait that
 * would start with no time left fails at once: Playwright reads a timeout of 0 as "no timeout", so it
 * must never be given one.
 */
export const boundWait = (
  timeoutMs: number,
  deadline: number | undefined,
  what: string,
  url?: string,
  now: number = Date.now(),
): WaitBound => {
  if (deadline === undefined) return { timeoutMs, byDeadline: false };
  const left = Math.floor(deadline - now);
  if (left < 1) throw new StoreDeadlineExceededError(`before ${what}`, url);
  return left < timeoutMs ? { timeoutMs: left, byDeadline: true } : { timeoutMs, byDeadline: false };
};
