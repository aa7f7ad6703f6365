import {
  BrokenCircuitError,
  type CircuitBreakerPolicy,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  handleWhen,
} from "cockatiel";

/** What `/health` shows of a provider: `degraded` while its breaker is open or trying again. */
export interface ProviderCondition {
  provider: string;
  state: "ok" | "degraded";
  /** When the last failure that opened the breaker happened (ISO). */
  failedAt?: string;
  /** The code of that failure (`llm_timeout`, `llm_connection`, …). */
  reason?: string;
  /** When a call will be tried again (ISO), while open. */
  retryAfter?: string;
}

export interface ProviderBreaker {
  /**
   * Runs `call` unless the provider failed within the window, in which case it throws
   * `ProviderSkipped` at once. A failure for which `opens(error)` names a reason opens the breaker for
   * `openMs`; `undefined` leaves it closed (the request was wrong, not the provider).
   */
  run<T>(call: () => Promise<T>, opens: (error: unknown) => string | undefined): Promise<T>;
  condition(): ProviderCondition;
}

/** Thrown instead of calling a provider that failed within the breaker's window. */
export class ProviderSkipped extends Error {
  override name = "ProviderSkipped";
  constructor(
    readonly provider: string,
    readonly retryAfter: Date,
    readonly reason: string,
  ) {
    super(
      `The ${provider} provider failed recently (${reason}); it is tried again after ${retryAfter.toISOString()}`,
    );
  }
}

interface BreakerEntry {
  policy: CircuitBreakerPolicy;
  provider: string;
  openMs: number;
  now: () => number;
  lastFailure?: { at: number; reason: string };
}

/** The failures that open a breaker, marked where they are thrown so concurrent calls never mix them. */
const opening = new WeakSet<object>();

/**
 * One breaker per provider endpoint and process: every port of this container that calls the same
 * provider shares it, so after one call times out the next ones go straight to their offline paths
 * instead of each waiting a full timeout. After `openMs` one call is let through (half-open); its
 * success closes the breaker, its failure opens it again.
 */
const breakers = new Map<string, BreakerEntry>();

export const providerBreaker = (
  key: { provider: string; endpoint: string },
  options: { openMs: number; now?: () => number },
): ProviderBreaker => {
  const id = `${key.provider}|${key.endpoint}`;
  let entry = breakers.get(id);
  if (!entry || entry.openMs !== options.openMs) {
    const created: BreakerEntry = {
      provider: key.provider,
      openMs: options.openMs,
      now: options.now ?? Date.now,
      policy: undefined as unknown as CircuitBreakerPolicy,
    };
    created.policy = circuitBreaker(
      handleWhen((error) => opening.has(error)),
      { halfOpenAfter: options.openMs, breaker: new ConsecutiveBreaker(1) },
    );
    created.policy.onReset(() => {
      created.lastFailure = undefined;
    });
    breakers.set(id, created);
    entry = created;
  }
  const current = entry;
  return {
    async run(call, opens) {
      try {
        return await current.policy.execute(async () => {
          try {
            return await call();
          } catch (error) {
            const reason = opens(error);
            if (reason !== undefined && typeof error === "object" && error !== null) {
              opening.add(error);
              current.lastFailure = { at: current.now(), reason };
            }
            throw error;
          }
        });
      } catch (error) {
        if (error instanceof BrokenCircuitError) {
          const failure = current.lastFailure ?? { at: current.now(), reason: "an earlier failure" };
          throw new ProviderSkipped(current.provider, new Date(failure.at + current.openMs), failure.reason);
        }
        throw error;
      }
    },
    condition: () => conditionOf(current),
  };
};

const conditionOf = (entry: BreakerEntry): ProviderCondition => {
  if (entry.policy.state === CircuitState.Closed || entry.lastFailure === undefined) {
    return { provider: entry.provider, state: "ok" };
  }
  return {
    provider: entry.provider,
    state: "degraded",
    failedAt: new Date(entry.lastFailure.at).toISOString(),
    reason: entry.lastFailure.reason,
    retryAfter: new Date(entry.lastFailure.at + entry.openMs).toISOString(),
  };
};

/** Every provider this process has called, as `/health` shows them; never calls a model. */
export const providerConditions = (): ProviderCondition[] => [...breakers.values()].map(conditionOf);

/** Tests only: forget every breaker, so one test's failures do not skip the next test's calls. */
export const resetProviderBreakers = (): void => {
  breakers.clear();
};
