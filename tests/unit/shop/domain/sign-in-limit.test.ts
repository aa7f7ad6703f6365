import { describe, expect, it } from "vitest";
import { mapErrorToHttp } from "../../../../functions/core/http/error-response";
import { runErrorCode, runFailureFix } from "../../../../functions/shop/domain/runs/run-error-codes";
import {
  countSignIn,
  MAX_SIGN_INS_PER_DAY,
  refuseRunPastSignInLimit,
  StoreSignInLimitedError,
  secondsToNextUtcDay,
} from "../../../../functions/shop/domain/store-account/sign-in-limit";
import {
  createMemoryStoreAccountAttempts,
  createMemoryStoreAccountVault,
} from "../../../../scripts/memory-store-account-vault";

const NOW = new Date("2026-01-21T22:00:00Z");

const useSignIns = async (attempts: ReturnType<typeof createMemoryStoreAccountAttempts>, n: number) => {
  for (let i = 0; i < n; i += 1) await countSignIn(attempts, NOW);
};

describe("the tenant's sign-ins per UTC day", () => {
  it("counts each sign-in and refuses the one past the limit, 429 with the seconds to midnight UTC", async () => {
    const attempts = createMemoryStoreAccountAttempts();
    await useSignIns(attempts, MAX_SIGN_INS_PER_DAY);
    const refused = await countSignIn(attempts, NOW).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StoreSignInLimitedError);
    const mapped = mapErrorToHttp(refused);
    expect(mapped.status).toBe(429);
    expect(mapped.headers["retry-after"]).toBe("7200");
    expect(mapped.body.error).toMatchObject({
      code: "store_sign_in_limited",
      fix: expect.stringContaining("midnight UTC"),
      details: { limit: MAX_SIGN_INS_PER_DAY, retryAfterSeconds: 7200 },
    });
    // A run that meets it in a step is recorded with the same code and fix.
    expect(runErrorCode("StoreSignInLimitedError")).toBe("store_sign_in_limited");
    expect(runFailureFix("store_sign_in_limited")).toBe(mapped.body.error.fix);
  });

  it("gives at least one second just before midnight", () => {
    expect(secondsToNextUtcDay(new Date("2026-01-21T23:59:59.900Z"))).toBe(1);
    expect(secondsToNextUtcDay(new Date("2026-01-21T00:00:00Z"))).toBe(86_400);
  });

  it("refuses a run only when the account is not signed in and the day's sign-ins are used", async () => {
    const attempts = createMemoryStoreAccountAttempts();
    const vault = createMemoryStoreAccountVault();
    const deps = { vault, attempts };
    // No account: nothing to sign in with, never refused.
    await useSignIns(attempts, MAX_SIGN_INS_PER_DAY);
    await expect(refuseRunPastSignInLimit(deps, NOW)).resolves.toBeUndefined();

    await vault.saveCredentials({ email: "ana@example.com", password: "pw" }, NOW);
    await expect(refuseRunPastSignInLimit(deps, NOW)).rejects.toBeInstanceOf(StoreSignInLimitedError);
    await vault.recordStatus("needs_person", "a captcha", NOW);
    await expect(refuseRunPastSignInLimit(deps, NOW)).rejects.toBeInstanceOf(StoreSignInLimitedError);
    // Signed in: the run reuses the session, the limit does not stop it.
    await vault.recordStatus("signed_in", "Signed in.", NOW);
    await expect(refuseRunPastSignInLimit(deps, NOW)).resolves.toBeUndefined();
    // The check itself counts nothing.
    expect(await attempts.counted("sign_in", NOW)).toBe(MAX_SIGN_INS_PER_DAY);
  });

  it("lets a run start one below the limit, and the next UTC day", async () => {
    const attempts = createMemoryStoreAccountAttempts();
    const vault = createMemoryStoreAccountVault();
    await vault.saveCredentials({ email: "ana@example.com", password: "pw" }, NOW);
    await useSignIns(attempts, MAX_SIGN_INS_PER_DAY - 1);
    await expect(refuseRunPastSignInLimit({ vault, attempts }, NOW)).resolves.toBeUndefined();
    await useSignIns(attempts, 1);
    await expect(
      refuseRunPastSignInLimit({ vault, attempts }, new Date("2026-01-22T00:00:00Z")),
    ).resolves.toBeUndefined();
  });
});
