import type { StoreAccountVault } from "../ports/store-account-vault";
import type { StoreAccountRecord, StoreAccountStatus } from "../store-account/store-account";

/** What GET /shop/store-account answers: never the password, the email masked. */
export interface StoreAccountView {
  connected: boolean;
  email?: string;
  status: StoreAccountStatus;
  at?: string;
  why: string;
}

export const storeAccountView = (record: StoreAccountRecord | undefined): StoreAccountView =>
  record
    ? { connected: true, email: record.emailMasked, status: record.status, at: record.at, why: record.why }
    : { connected: false, status: "none", why: "No store account is connected." };

export const getStoreAccount = async (deps: { vault: StoreAccountVault }): Promise<StoreAccountView> =>
  storeAccountView(await deps.vault.readRecord());
