import type { StoreAccountAttempts } from "../functions/shop/domain/ports/store-account-attempts";
import type { StoreAccountVault } from "../functions/shop/domain/ports/store-account-vault";
import {
  maskEmail,
  type SavedStoreSession,
  type StoreAccountRecord,
  type StoreCredentials,
} from "../functions/shop/domain/store-account/store-account";

/**
 * A store-account vault in this process's memory, for `npm run store -- sign-in`: the command signs in
 * once and prints the status; nothing is written anywhere.
 */
export const createMemoryStoreAccountVault = (): StoreAccountVault => {
  let credentials: StoreCredentials | undefined;
  let record: StoreAccountRecord | undefined;
  let session: SavedStoreSession | undefined;
  return {
    async saveCredentials(given, at) {
      credentials = given;
      session = undefined;
      record = {
        emailMasked: maskEmail(given.email),
        status: "none",
        at: at.toISOString(),
        why: "Not signed in yet.",
      };
      return record;
    },
    readCredentials: async () => credentials,
    readRecord: async () => record,
    async recordStatus(status, why, at) {
      if (record) record = { ...record, status, why, at: at.toISOString() };
    },
    async saveSession(saved) {
      session = saved;
    },
    readSession: async () => session,
    async delete() {
      const existed = record !== undefined;
      credentials = undefined;
      record = undefined;
      session = undefined;
      return existed;
    },
  };
};

/** The attempts of one process, in its memory (the `sign-in` command tries one sign-in). */
export const createMemoryStoreAccountAttempts = (): StoreAccountAttempts => {
  const counts = new Map<string, number>();
  const keyOf = (kind: string, at: Date) => `${kind}#${at.toISOString().slice(0, 10)}`;
  return {
    async count(kind, at) {
      const count = (counts.get(keyOf(kind, at)) ?? 0) + 1;
      counts.set(keyOf(kind, at), count);
      return count;
    },
    counted: async (kind, at) => counts.get(keyOf(kind, at)) ?? 0,
  };
};
