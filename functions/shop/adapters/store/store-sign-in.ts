import type { StoreAccountAttempts } from "../../domain/ports/store-account-attempts";
import type { StoreAccountVault } from "../../domain/ports/store-account-vault";
import { countSignIn } from "../../domain/store-account/sign-in-limit";
import {
  type StoreAccountRecord,
  type StoreSessionCookie,
  sessionExpiry,
} from "../../domain/store-account/store-account";
import type { StoreSession } from "./browser/store-browser";
import {
  StoreAccountMissingError,
  StoreSignInFailedError,
  StoreSignInNeedsPersonError,
} from "./store-errors";

/** The household's store account, as the store tools reach it: the vault of its tenant, read here only. */
export interface StoreAccountAccess {
  vault: StoreAccountVault;
  /**
   * The store reads a household's cart, orders and slots only when signed in (the real site): without an
   * account, a run fails at once. The simulated store lets a household without an account in (the demo).
   */
  requiresAccount: boolean;
  /** The tenant's sign-ins of the day: each one is counted before it is tried, none past the limit. */
  attempts: StoreAccountAttempts;
  now: () => Date;
}

/** The saved session's cookies while it has not expired; none otherwise (a sign-in follows). */
export const savedSessionCookies = async (access: StoreAccountAccess): Promise<StoreSessionCookie[]> => {
  const saved = await access.vault.readSession();
  if (!saved || Date.parse(saved.expiresAt) <= access.now().getTime()) return [];
  return saved.cookies;
};

/**
 * Before any page: the account there is, or why the tools must not go on. No account on a store that
 * needs one, or credentials the store refused before (until PUT replaces them), end here, before the
 * browser opens.
 */
export const accountBeforeSignIn = async (
  access: StoreAccountAccess,
  storeUrl: URL,
): Promise<StoreAccountRecord | undefined> => {
  const record = await access.vault.readRecord();
  if (!record) {
    if (access.requiresAccount) throw new StoreAccountMissingError(storeUrl.origin);
    return undefined;
  }
  if (record.status === "sign_in_failed") throw new StoreSignInFailedError(record.why);
  return record;
};

/**
 * Makes `session` signed in: the home page's header says whether it already is (a saved session still
 * good); if not, one sign-in as a person would, whose cookies are kept (sealed, with their expiry) for the
 * later steps and runs. The outcome is recorded for GET /shop/store-account; a refusal or a page needing
 * a person ends the tools' work with its error. Each sign-in is counted first: past the tenant's limit for
 * the day, none is tried (StoreSignInLimitedError, nothing typed). Called at most once per tools' session.
 */
export const signInIfNeeded = async (
  session: StoreSession,
  access: StoreAccountAccess,
  storeUrl: URL,
): Promise<"already" | "signed_in"> => {
  if (await session.isSignedIn(new URL("/", storeUrl).href)) return "already";
  const credentials = await access.vault.readCredentials();
  if (!credentials) throw new StoreAccountMissingError(storeUrl.origin);
  await countSignIn(access.attempts, access.now());
  const outcome = await session.signIn(credentials);
  const at = access.now();
  if (outcome.kind === "refused") {
    // The store's words alone: the error (and every later run's, from this record) quotes them once.
    await access.vault.recordStatus("sign_in_failed", outcome.message, at);
    throw new StoreSignInFailedError(outcome.message);
  }
  if (outcome.kind === "needs_person") {
    await access.vault.recordStatus("needs_person", outcome.seen, at);
    throw new StoreSignInNeedsPersonError(outcome.seen);
  }
  const cookies = await session.cookies();
  await access.vault.saveSession({ cookies, expiresAt: sessionExpiry(cookies, at).toISOString() });
  await access.vault.recordStatus("signed_in", `Signed in at ${storeUrl.origin}.`, at);
  return "signed_in";
};
