import { RateLimitedError } from "../../../core/errors";
import type { StoreAccountAttempts } from "../ports/store-account-attempts";
import type { StoreAccountVault } from "../ports/store-account-vault";
import { secondsToNextUtcDay } from "../store-account/sign-in-limit";
import type { StoreCredentials } from "../store-account/store-account";
import { type StoreAccountView, storeAccountView } from "./get-store-account";

/**
 * Credentials a tenant may put per UTC day. A run never retries a refused password, so each PUT buys at
 * most one sign-in with a new password: this bounds how many passwords anyone signed in as the tenant can
 * try against the store through Larder (PUT, run, read the status, PUT again).
 */
export const MAX_STORE_ACCOUNT_PUTS_PER_DAY = 5;

/** PUT /shop/store-account: the household's credentials, kept as a secret; the answer shows the email masked. */
export const saveStoreAccount = async (
  deps: { vault: StoreAccountVault; attempts: StoreAccountAttempts; now: () => Date },
  credentials: StoreCredentials,
): Promise<StoreAccountView> => {
  const at = deps.now();
  if ((await deps.attempts.count("connect", at)) > MAX_STORE_ACCOUNT_PUTS_PER_DAY) {
    throw new RateLimitedError(
      `At most ${MAX_STORE_ACCOUNT_PUTS_PER_DAY} store-account changes a day: try again after midnight UTC`,
      { retryAfterSeconds: secondsToNextUtcDay(at) },
    );
  }
  return storeAccountView(await deps.vault.saveCredentials(credentials, at));
};
