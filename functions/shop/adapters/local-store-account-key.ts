import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";
import { DependencyUnavailableError } from "../../core/errors";

/**
 * The local stack's store-account keys (AES-256), in one file of the data folder, readable by this user
 * only; never in the table, so the table alone opens nothing. Each sealed value names the id of the key
 * that sealed it, so the key can be rotated (`npm run store -- rotate-key`): a new key seals from then on
 * and the older ones still open what they sealed. A file of 32 raw bytes (before key ids) is the key
 * `legacy`.
 */
export interface StoreAccountKeyRing {
  currentId: string;
  keys: ReadonlyMap<string, Buffer>;
}

export const LEGACY_KEY_ID = "legacy";
const KEY_ID = /^[a-z0-9-]{1,40}$/;

const keyFileSchema = z.object({
  current: z.string().regex(KEY_ID),
  keys: z.record(z.string().regex(KEY_ID), z.string().base64()),
});

const newKeyId = (): string => `k-${new Date().toISOString().slice(0, 10)}-${randomBytes(3).toString("hex")}`;

const unreadable = (message: string) =>
  new DependencyUnavailableError(message, { code: "store_account_unreadable" });

/** The key ring in `path`, or undefined when there is no such file. */
export const readStoreAccountKeyRing = (path: string): StoreAccountKeyRing | undefined => {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  if (bytes.length === 32) return { currentId: LEGACY_KEY_ID, keys: new Map([[LEGACY_KEY_ID, bytes]]) };
  let parsed: z.infer<typeof keyFileSchema>;
  try {
    parsed = keyFileSchema.parse(JSON.parse(bytes.toString("utf8")));
  } catch {
    throw unreadable(`The store account key file ${path} is neither 32 bytes nor a key ring`);
  }
  const keys = new Map(Object.entries(parsed.keys).map(([id, key]) => [id, Buffer.from(key, "base64")]));
  if (!keys.has(parsed.current) || [...keys.values()].some((key) => key.length !== 32)) {
    throw unreadable(
      `The store account key file ${path} names a current key it lacks, or a key not 32 bytes`,
    );
  }
  return { currentId: parsed.current, keys };
};

const writeRing = (path: string, ring: StoreAccountKeyRing, flag: "wx" | "w"): void => {
  const body = JSON.stringify({
    current: ring.currentId,
    keys: Object.fromEntries([...ring.keys].map(([id, key]) => [id, key.toString("base64")])),
  });
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  if (flag === "wx") {
    writeFileSync(path, body, { mode: 0o600, flag: "wx" });
    return;
  }
  // Replaced whole (a rename), never half-written: a crash leaves the old ring or the new one.
  const next = `${path}.${process.pid}.next`;
  writeFileSync(next, body, { mode: 0o600 });
  renameSync(next, path);
};

/** Makes the first key ring at `path`; another process that made it first wins, and its ring is used. */
export const createStoreAccountKeyRing = (path: string): StoreAccountKeyRing => {
  const id = newKeyId();
  const ring = { currentId: id, keys: new Map([[id, randomBytes(32)]]) };
  try {
    writeRing(path, ring, "wx");
    return ring;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const theirs = readStoreAccountKeyRing(path);
    if (!theirs) throw error;
    return theirs;
  }
};

/**
 * Adds a new current key to the ring at `path` (the older keys stay, to open what they sealed; each value
 * is sealed with the new key when it is next written). Returns the new key's id.
 */
export const rotateStoreAccountKey = (path: string): { previousId: string; currentId: string } => {
  const ring = readStoreAccountKeyRing(path);
  if (!ring) throw unreadable(`No store account key file at ${path}: nothing is sealed with it to rotate`);
  const id = newKeyId();
  writeRing(path, { currentId: id, keys: new Map([...ring.keys, [id, randomBytes(32)]]) }, "w");
  return { previousId: ring.currentId, currentId: id };
};

/** What the local vault asks of its keys. */
export interface StoreAccountKeys {
  /**
   * The key to seal with. The first key is made only for a household that has nothing sealed yet
   * (`nothingSealed`): a missing file while sealed values exist is an error, never a new key.
   */
  forSealing(nothingSealed: boolean): { id: string; key: Buffer };
  /** The key `id` sealed with; an error naming the missing file or key and how to connect again. */
  forOpening(id: string): Buffer;
}

const CONNECT_AGAIN =
  "connect the store account again (PUT /shop/store-account) to seal it under the current key";

/** The keys in the file at `path`, read once and again after a rotation or a first save. */
export const storeAccountKeysAt = (path: string): StoreAccountKeys => {
  let ring: StoreAccountKeyRing | undefined;
  const load = () => {
    ring = readStoreAccountKeyRing(path);
    return ring;
  };
  return {
    forSealing(nothingSealed) {
      const current = ring ?? load();
      if (current) {
        const key = current.keys.get(current.currentId);
        if (key) return { id: current.currentId, key };
      }
      if (!nothingSealed) {
        throw unreadable(
          `The store account key file ${path} is missing, so this household's sealed account cannot be opened: ${CONNECT_AGAIN}`,
        );
      }
      ring = createStoreAccountKeyRing(path);
      return { id: ring.currentId, key: ring.keys.get(ring.currentId) as Buffer };
    },
    forOpening(id) {
      const key = ring?.keys.get(id) ?? load()?.keys.get(id);
      if (key) return key;
      throw unreadable(
        ring
          ? `The store account key file ${path} does not hold the key ${id} this account was sealed with: ${CONNECT_AGAIN}`
          : `The store account key file ${path} is missing, so the account sealed with key ${id} cannot be opened: ${CONNECT_AGAIN}`,
      );
    },
  };
};
