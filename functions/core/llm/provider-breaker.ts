import {
  BrokenCircuitError,
  type CircuitBreakerPolicy,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  handleWhen,
} from "cockatiel";
import type { SharedProviderConditions, SharedProviderFailure } from "./shared-provider-conditions";

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
  id: string;
  policy: CircuitBreakerPolicy;
  provider: string;
  openMs: number;
  now: () => number;
  lastFailure?: { at: number; reason: string };
  shared?: SharedProviderConditions;
  /** What the other containers said, read at most once per `SHARED_READ_EVERY_MS`. */
  sharedSeen?: { readAt: number; failure: Promise<SharedProviderFailure | undefined> };
}

/** How long a container trusts its last read of the other containers' failures. */
const SHARED_READ_EVERY_MS = 5_000;

/** The other containers' open failure for this provider, if any; an unreadable store counts as none. */
const sharedFailureOf = (entry: BreakerEntry): Promise<SharedProviderFailure | undefined> => {
  const { shared } = entry;
  if (!shared) return Promise.resolve(undefined);
  const now = entry.now();
  if (!entry.sharedSeen || now - entry.sharedSeen.readAt >= SHARED_READ_EVERY_MS) {
    entry.sharedSeen = {
      readAt: now,
      failure: shared.openFailures(now).then(
        (failures) => failures.find((failure) => failure.key === entry.id),
        () => undefined,
      ),
    };
  }
  return entry.sharedSeen.failure;
};

/** The failures that open a breaker, marked where they are thrown so concurrent calls never mix them. */
const opening = new WeakSet<object>();

/**
 * One breaker per provider endpoint and process: every port of this container that calls the same
 * provider shares it, so after one call times out the next ones go straight to their offline paths
 * instead of each waiting a full timeout. After `openMs` one call is let through (half-open); its
 * success closes the breaker, its failure opens it again.
 */
const breakers = new Map<string, BreakerEntry>();

type BreakerOptions = { openMs: number; now?: () => number; shared?: SharedProviderConditions };

/**
 * The breaker of a provider endpoint, looked up on every call (so `resetProviderBreakers` reaches ports
 * built before it).
 */
export const providerBreaker = (
  key: { provider: string; endpoint: string },
  options: BreakerOptions,
): ProviderBreaker => ({
  run: (call, opens) => breakerEntry(key, options).run(call, opens),
  condition: () => breakerEntry(key, options).condition(),
});

const breakerEntry = (
  key: { provider: string; endpoint: string },
  options: BreakerOptions,
): ProviderBreaker => {
  const id = `${key.provider}|${key.endpoint}`;
  let entry = breakers.get(id);
  if (!entry || entry.openMs !== options.openMs) {
    const created: BreakerEntry = {
      id,
      provider: key.provider,
      ...(options.shared ? { shared: options.shared } : {}),
      openMs: options.openMs,
      now: options.now ?? Date.now,
      policy: undefined as unknown as CircuitBreakerPolicy,
    };
    created.policy = circuitBreaker(
      handleWhen((error) => opening.has(error)),
      { halfOpenAfter: options.openMs, breaker: new ConsecutiveBreaker(1) },
    );
    created.policy.onBreak(() => {
      const failure = created.lastFailure;
      if (!created.shared || !failure) return;
      const shared: SharedProviderFailure = {
        key: id,
        provider: key.provider,
        reason: failure.reason,
        failedAt: failure.at,
        retryAfter: failure.at + created.openMs,
      };
      created.sharedSeen = { readAt: created.now(), failure: Promise.resolve(shared) };
      // Best effort: a store that cannot be written leaves the other containers to find out themselves.
      created.shared.recordOpen(shared).catch(() => undefined);
    });
    created.policy.onReset(() => {
      created.lastFailure = undefined;
      if (!created.shared) return;
      created.sharedSeen = { readAt: created.now(), failure: Promise.resolve(undefined) };
      created.shared.recordClosed(id).catch(() => undefined);
    });
    breakers.set(id, created);
    entry = created;
  }
  const current = entry;
  return {
    async run(call, opens) {
      if (current.policy.state === CircuitState.Closed) {
        const elsewhere = await sharedFailureOf(current);
        if (elsewhere && elsewhere.retryAfter > current.now()) {
          throw new ProviderSkipped(current.provider, new Date(elsewhere.retryAfter), elsewhere.reason);
        }
      }
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

/** The other containers' open failures, as `/health` shows them. */
export const sharedProviderConditions = async (
  shared: SharedProviderConditions,
  now: number = Date.now(),
): Promise<ProviderCondition[]> =>
  (await shared.openFailures(now)).map((failure) => ({
    provider: failure.provider,
    state: "degraded",
    failedAt: new Date(failure.failedAt).toISOString(),
    reason: failure.reason,
    retryAfter: new Date(failure.retryAfter).toISOString(),
  }));

/** Tests only: forget every breaker, so one test's failures do not skip the next test's calls. */
export const resetProviderBreakers = (): void => {
  breakers.clear();
};
