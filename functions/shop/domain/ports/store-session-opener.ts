import type { StorePort } from "./store-port";

/** A household's store session: the store, closed by whoever opened it. */
export type StoreSession = StorePort & { close(): Promise<void> };

/** Whose store session: the household's, signed in with its tenant's store account when the tenant is given. */
export interface StoreHousehold {
  householdId: string;
  tenant?: string;
}

/** The clock of the Lambda a request or step runs in: the time it has left. */
export interface RemainingTimeClock {
  getRemainingTimeInMillis(): number;
}

/** The store sessions of one request or step, all bounded by its store deadline. */
export interface StoreSessions {
  /** Epoch ms by which the store work must be over; undefined without a Lambda clock. */
  readonly deadline: number | undefined;
  open(household: StoreHousehold): Promise<StoreSession>;
}

/**
 * Port: opens a household's store sessions for a request or step with the time it has left (its Lambda's
 * clock less the store's margin), so a slow store ends in StoreDeadlineExceededError before the Lambda's
 * timeout. A context without a clock (a test calling the app directly) counts as none: API Gateway's cut
 * bounds the sessions. Implemented by adapters/store-session-opener.ts over the store tools.
 */
export interface StoreSessionOpener {
  forClock(clock: RemainingTimeClock | undefined): StoreSessions;
}
