import type {
  SavedStoreSession,
  StoreAccountRecord,
  StoreAccountStatus,
  StoreCredentials,
} from "../store-account/store-account";

/**
 * Port: one tenant's store account. The credentials and the signed-in session are secrets: deployed, a
 * Secrets Manager secret of the tenant (KMS); locally, AES-256-GCM in the table with a key outside it.
 * The record (masked email, status, why) is plain. Steps never carry any of it: they carry the tenant,
 * and the store adapter reads the vault itself.
 */
export interface StoreAccountVault {
  /** Replaces the credentials (and forgets the saved session: it may be another account's). */
  saveCredentials(credentials: StoreCredentials, at: Date): Promise<StoreAccountRecord>;
  readCredentials(): Promise<StoreCredentials | undefined>;
  readRecord(): Promise<StoreAccountRecord | undefined>;
  recordStatus(status: StoreAccountStatus, why: string, at: Date): Promise<void>;
  saveSession(session: SavedStoreSession): Promise<void>;
  readSession(): Promise<SavedStoreSession | undefined>;
  /** Removes the credentials, the session and the record. True when there was an account. */
  delete(): Promise<boolean>;
}
