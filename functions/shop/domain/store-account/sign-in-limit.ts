import { RateLimitedError } from "../../../core/errors";
import type { StoreAccountAttempts } from "../ports/store-account-attempts";
import type { StoreAccountVault } from "../ports/store-account-vault";
import { STORE_FIXES } from "../runs/run-error-codes";

/**
 * Sign-ins at the store a tenant's runs and decisions may try per UTC day, counted before each one (a
 * refused one too). With the limit on PUT /shop/store-account, it bounds how often anyone signed in as
 * the tenant can make the store check a password through Larder (PUT, run, read the status, PUT again),
 * and how often a run can knock on the household's account (a store locks an account tried too often).
 * A signed-in session is reused by later steps and runs, so a household needs one or two a day.
 */
export const MAX_SIGN_INS_PER_DAY = 10;

/** Seconds from `at` to the next midnight UTC, when the day's counts start again (at least 1). */
export const secondsToNextUtcDay = (at: Date): number => {
  const next = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - at.getTime()) / 1000));
};

/**
 * The tenant's sign-ins for the day are used: no sign-in is tried until midnight UTC. The API answers it
 * 429 with Retry-After; a run or decision that meets it fails with its code and fix.
 */
export class StoreSignInLimitedError extends RateLimitedError {
  override name = "StoreSignInLimitedError";
  constructor(at: Date) {
    const retryAfterSeconds = secondsToNextUtcDay(at);
    super(
      `The store account was signed in to ${MAX_SIGN_INS_PER_DAY} times today (UTC), the most a day: ` +
        "no sign-in is tried again before midnight UTC",
      {
        code: "store_sign_in_limited",
        fix: STORE_FIXES.store_sign_in_limited,
        details: { limit: MAX_SIGN_INS_PER_DAY, retryAfterSeconds },
        retryAfterSeconds,
      },
    );
  }
}

/** Counts a sign-in about to be tried at the store; past the day's limit, refuses it (nothing is typed). */
export const countSignIn = async (attempts: StoreAccountAttempts, at: Date): Promise<void> => {
  if ((await attempts.count("sign_in", at)) > MAX_SIGN_INS_PER_DAY) throw new StoreSignInLimitedError(at);
};

/**
 * Before a run starts (POST /shop/runs): an account that is not signed in makes the run sign in, so once
 * the day's sign-ins are used the run is refused here, 429 with Retry-After, rather than started to fail.
 * A signed-in account (or none: nothing to sign in with) is never refused; counts nothing.
 */
export const refuseRunPastSignInLimit = async (
  deps: { vault: Pick<StoreAccountVault, "readRecord">; attempts: StoreAccountAttempts },
  at: Date,
): Promise<void> => {
  const record = await deps.vault.readRecord();
  if (!record || record.status === "signed_in") return;
  if ((await deps.attempts.counted("sign_in", at)) >= MAX_SIGN_INS_PER_DAY) {
    throw new StoreSignInLimitedError(at);
  }
};
