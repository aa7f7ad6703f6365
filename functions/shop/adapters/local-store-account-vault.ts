import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { z } from "zod";
import type { TenantTable } from "../../core/db/tenant-table";
import { DependencyUnavailableError } from "../../core/errors";
import type { StoreAccountVault } from "../domain/ports/store-account-vault";
import {
  maskEmail,
  type SavedStoreSession,
  type StoreCredentials,
  savedStoreSessionSchema,
  storeAccountRecordSchema,
  storeCredentialsSchema,
} from "../domain/store-account/store-account";
import { LEGACY_KEY_ID, type StoreAccountKeys } from "./local-store-account-key";

const accountKey = { pk: ["STOREACCOUNT"], sk: ["ACCOUNT"] };

const itemSchema = z.object({
  record: storeAccountRecordSchema,
  /**
   * AES-256-GCM of the credentials' JSON: `<key id>:` then base64 of iv (12) | tag (16) | ciphertext (a
   * value without a key id was sealed with the key `legacy`).
   */
  credentials: z.string(),
  session: z.string().optional(),
});
type Item = z.infer<typeof itemSchema>;

/**
 * The local stack's vault: the table keeps the account's record in plain text and its credentials and
 * session sealed with AES-256-GCM under a key that is not in the table (a file of the local stack,
 * read by the wiring). Each sealed value is bound to its tenant and purpose (GCM's additional data), so
 * a value copied to another tenant's item, or from session to credentials, does not open. Each names the
 * key that sealed it (local-store-account-key.ts), so the key can be rotated.
 */
export const createLocalStoreAccountVault = (
  table: TenantTable,
  tenant: string,
  /** The stack's keys, read (or made) on first use: a household without an account never needs them. */
  keys: StoreAccountKeys,
): StoreAccountVault => {
  const seal = (purpose: string, value: unknown, nothingSealed: boolean): string => {
    const { id, key } = keys.forSealing(nothingSealed);
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    cipher.setAAD(Buffer.from(`${tenant}:${purpose}`));
    const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
    return `${id}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64")}`;
  };
  const open = <T>(purpose: string, sealed: string, schema: z.ZodType<T>): T => {
    const [id, text] = sealed.includes(":") ? sealed.split(":", 2) : [LEGACY_KEY_ID, sealed];
    // A missing key file or key says so, and how to connect again.
    const key = keys.forOpening(id ?? LEGACY_KEY_ID);
    try {
      const bytes = Buffer.from(text ?? "", "base64");
      const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12), { authTagLength: 16 });
      decipher.setAAD(Buffer.from(`${tenant}:${purpose}`));
      decipher.setAuthTag(bytes.subarray(12, 28));
      const plain = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
      return schema.parse(JSON.parse(plain));
    } catch {
      // Never the value, never the cipher's message: only that it does not open.
      throw new DependencyUnavailableError(
        `The store account's ${purpose} cannot be opened with this stack's key`,
        { code: "store_account_unreadable" },
      );
    }
  };
  const read = async (): Promise<Item | undefined> => (await table.get(accountKey, itemSchema))?.data;
  const update = async (change: (item: Item) => Item): Promise<void> => {
    const current = await table.get(accountKey, itemSchema);
    if (!current) return;
    await table.put(accountKey, change(current.data), { expectedVersion: current.version });
  };

  return {
    async saveCredentials(credentials: StoreCredentials, at: Date) {
      const record = {
        emailMasked: maskEmail(credentials.email),
        status: "none" as const,
        at: at.toISOString(),
        why: "Saved; no run has signed in with it yet.",
      };
      const nothingSealed = (await read()) === undefined;
      await table.put(
        accountKey,
        { record, credentials: seal("credentials", credentials, nothingSealed) },
        { expectedVersion: "any" },
      );
      return record;
    },
    async readCredentials() {
      const item = await read();
      return item ? open("credentials", item.credentials, storeCredentialsSchema) : undefined;
    },
    async readRecord() {
      return (await read())?.record;
    },
    recordStatus: (status, why, at) =>
      update((item) => ({ ...item, record: { ...item.record, status, why, at: at.toISOString() } })),
    saveSession: (session: SavedStoreSession) =>
      update((item) => ({ ...item, session: seal("session", session, false) })),
    async readSession() {
      const item = await read();
      return item?.session === undefined ? undefined : open("session", item.session, savedStoreSessionSchema);
    },
    delete: () => table.delete(accountKey),
  };
};
