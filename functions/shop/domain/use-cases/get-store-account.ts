import type { StoreAccountVault } from "../ports/store-account-vault";
import { STORE_FIXES } from "../runs/run-error-codes";
import type { StoreAccountRecord, StoreAccountStatus } from "../store-account/store-account";

/** What GET /shop/store-account answers: never the password, the email masked. */
export interface StoreAccountView {
  connected: boolean;
  email?: string;
  status: StoreAccountStatus;
  at?: string;
  why: string;
  /** What to do when the last sign-in failed or needs a person. */
  fix?: string;
}

const FIX_BY_STATUS: Partial<Record<StoreAccountStatus, string>> = {
  sign_in_failed: STORE_FIXES.store_sign_in_failed,
  needs_person: STORE_FIXES.store_sign_in_needs_person,
};

export const storeAccountView = (record: StoreAccountRecord | undefined): StoreAccountView =>
  record
    ? {
        connected: true,
        email: record.emailMasked,
        status: record.status,
        at: record.at,
        why: record.why,
        ...(FIX_BY_STATUS[record.status] ? { fix: FIX_BY_STATUS[record.status] } : {}),
      }
    : { connected: false, status: "none", why: "No store account is connected." };

export const getStoreAccount = async (deps: { vault: StoreAccountVault }): Promise<StoreAccountView> =>
  storeAccountView(await deps.vault.readRecord());
