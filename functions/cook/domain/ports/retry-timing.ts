/**
 * Port: the randomness and the waiting behind a retry's backoff, so tests record the pauses instead of
 * sleeping through them.
 */
export interface RetryTiming {
  /** A number in [0, 1), as Math.random gives. */
  random(): number;
  sleep(milliseconds: number): Promise<void>;
}
