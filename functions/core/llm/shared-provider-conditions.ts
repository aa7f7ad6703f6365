/**
 * Port: what one container tells the others about a provider. Deployed, every step and API runs in its
 * own container with its own breaker; a breaker that opens writes it here, so the next step (in another
 * container) skips the provider too, and `/health` (PlatformApi, which never calls a model) can say so.
 */
export interface SharedProviderFailure {
  /** `provider|endpoint`, the breaker's key. */
  key: string;
  provider: string;
  reason: string;
  failedAt: number;
  retryAfter: number;
}

export interface SharedProviderConditions {
  recordOpen(failure: SharedProviderFailure): Promise<void>;
  recordClosed(key: string): Promise<void>;
  /** Failures whose window has not ended at `now`. */
  openFailures(now: number): Promise<SharedProviderFailure[]>;
}
