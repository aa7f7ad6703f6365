import { describe, expect, it } from "vitest";
import { mapErrorToHttp } from "../../../../../functions/core/http/error-response";
import type { SignInOutcome } from "../../../../../functions/shop/adapters/store/browser/sign-in-page";
import {
  StoreAccountMissingError,
  StoreSignInFailedError,
  StoreSignInNeedsPersonError,
} from "../../../../../functions/shop/adapters/store/store-errors";
import {
  accountBeforeSignIn,
  type StoreAccountAccess,
  savedSessionCookies,
  signInIfNeeded,
} from "../../../../../functions/shop/adapters/store/store-sign-in";
import {
  MAX_SIGN_INS_PER_DAY,
  StoreSignInLimitedError,
} from "../../../../../functions/shop/domain/store-account/sign-in-limit";
import {
  createMemoryStoreAccountAttempts,
  createMemoryStoreAccountVault,
} from "../../../../../scripts/memory-store-account-vault";
import { FakeStoreSession, rawPage, STORE_URL } from "../../../../support/shop/fake-store-session";

const NOW = new Date("2026-01-21T10:00:00Z");
const COOKIE = {
  name: "sid",
  value: "s",
  domain: "store.test",
  path: "/",
  expires: -1,
  httpOnly: true,
  secure: false,
};

class SigningSession extends FakeStoreSession {
  signIns = 0;
  constructor(
    private readonly signedIn: boolean,
    private readonly outcome: SignInOutcome,
  ) {
    super((url) => rawPage({ url: url.href }));
  }
  override async isSignedIn() {
    return this.signedIn;
  }
  override async signIn(): Promise<SignInOutcome> {
    this.signIns += 1;
    return this.outcome;
  }
  override async cookies() {
    return [COOKIE];
  }
}

const accessWith = async (requiresAccount: boolean, connected = true): Promise<StoreAccountAccess> => {
  const vault = createMemoryStoreAccountVault();
  if (connected) await vault.saveCredentials({ email: "ana@example.com", password: "pw" }, NOW);
  return { vault, requiresAccount, attempts: createMemoryStoreAccountAttempts(), now: () => NOW };
};

describe("the store tools' sign-in", () => {
  it("stops before any page without an account on a store that needs one, and lets the demo through", async () => {
    await expect(accountBeforeSignIn(await accessWith(true, false), STORE_URL)).rejects.toBeInstanceOf(
      StoreAccountMissingError,
    );
    expect(await accountBeforeSignIn(await accessWith(false, false), STORE_URL)).toBeUndefined();
  });

  it("signs in once when the header is anonymous, keeps the cookies with an expiry, and records it", async () => {
    const access = await accessWith(true);
    const session = new SigningSession(false, { kind: "signed_in" });
    expect(await signInIfNeeded(session, access, STORE_URL)).toBe("signed_in");
    expect(session.signIns).toBe(1);
    expect(await savedSessionCookies(access)).toEqual([COOKIE]);
    expect((await access.vault.readRecord())?.status).toBe("signed_in");
    // A session cookie gets the default lifetime: after it, the cookies are no longer sent.
    expect(
      await savedSessionCookies({ ...access, now: () => new Date(NOW.getTime() + 13 * 3_600_000) }),
    ).toEqual([]);
  });

  it("reuses a signed-in session without signing in", async () => {
    const session = new SigningSession(true, { kind: "signed_in" });
    expect(await signInIfNeeded(session, await accessWith(true), STORE_URL)).toBe("already");
    expect(session.signIns).toBe(0);
  });

  it("records a refusal and never tries the refused credentials again", async () => {
    const access = await accessWith(true);
    const session = new SigningSession(false, { kind: "refused", message: "Palavra-passe errada" });
    await expect(signInIfNeeded(session, access, STORE_URL)).rejects.toBeInstanceOf(StoreSignInFailedError);
    expect(await access.vault.readRecord()).toMatchObject({
      status: "sign_in_failed",
      why: expect.stringContaining("Palavra-passe errada"),
    });
    await expect(accountBeforeSignIn(access, STORE_URL)).rejects.toBeInstanceOf(StoreSignInFailedError);
    expect(session.signIns).toBe(1);
  });

  it("records what a person must see to a challenge", async () => {
    const access = await accessWith(true);
    const session = new SigningSession(false, {
      kind: "needs_person",
      seen: "a challenge (div.g-recaptcha)",
    });
    await expect(signInIfNeeded(session, access, STORE_URL)).rejects.toBeInstanceOf(
      StoreSignInNeedsPersonError,
    );
    expect(await access.vault.readRecord()).toMatchObject({
      status: "needs_person",
      why: expect.stringContaining("g-recaptcha"),
    });
  });

  it("says a refusal once, in the same words on every run after it, with the fix", async () => {
    const access = await accessWith(true);
    const session = new SigningSession(false, { kind: "refused", message: "Palavra-passe errada." });
    const first = await signInIfNeeded(session, access, STORE_URL).catch((error: unknown) => error);
    const next = await accountBeforeSignIn(access, STORE_URL).catch((error: unknown) => error);
    expect(first).toBeInstanceOf(StoreSignInFailedError);
    expect((next as Error).message).toBe((first as Error).message);
    expect((first as Error).message).toBe(
      'The store refused the account\'s email or password: "Palavra-passe errada."',
    );
    expect((await access.vault.readRecord())?.why).toBe("Palavra-passe errada.");
    expect(mapErrorToHttp(next).body.error).toMatchObject({
      code: "store_sign_in_failed",
      message: (first as Error).message,
      fix: "Connect the account again with the right email and password: PUT /shop/store-account",
    });
  });

  it("tells a person what to do about a challenge and a missing account", async () => {
    const access = await accessWith(true);
    const session = new SigningSession(false, {
      kind: "needs_person",
      seen: "a challenge (div.g-recaptcha)",
    });
    const challenge = await signInIfNeeded(session, access, STORE_URL).catch((error: unknown) => error);
    expect(mapErrorToHttp(challenge).body.error.fix).toMatch(/Sign in once on the store's site yourself/);
    expect((await access.vault.readRecord())?.why).toBe("a challenge (div.g-recaptcha)");
    const missing = await accountBeforeSignIn(await accessWith(true, false), STORE_URL).catch(
      (e: unknown) => e,
    );
    expect(mapErrorToHttp(missing).body.error).toMatchObject({
      code: "store_account_missing",
      fix: expect.stringContaining("PUT /shop/store-account"),
    });
  });

  it("counts each sign-in it tries and tries none past the day's limit, recording nothing", async () => {
    const access = await accessWith(true);
    for (let done = 0; done < MAX_SIGN_INS_PER_DAY; done += 1) {
      const session = new SigningSession(false, { kind: "signed_in" });
      expect(await signInIfNeeded(session, access, STORE_URL)).toBe("signed_in");
    }
    expect(await access.attempts.counted("sign_in", NOW)).toBe(MAX_SIGN_INS_PER_DAY);
    const before = await access.vault.readRecord();
    const session = new SigningSession(false, { kind: "signed_in" });
    const refused = await signInIfNeeded(session, access, STORE_URL).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StoreSignInLimitedError);
    expect(session.signIns).toBe(0);
    expect(await access.vault.readRecord()).toEqual(before);
    // A session still signed in needs no sign-in: the limit does not stop it.
    const signedIn = new SigningSession(true, { kind: "signed_in" });
    expect(await signInIfNeeded(signedIn, access, STORE_URL)).toBe("already");
    // The next UTC day counts again.
    const tomorrow = { ...access, now: () => new Date("2026-01-22T00:00:01Z") };
    expect(await signInIfNeeded(new SigningSession(false, { kind: "signed_in" }), tomorrow, STORE_URL)).toBe(
      "signed_in",
    );
  });
});
