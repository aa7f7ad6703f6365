import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * The local stack's store-account key (AES-256): read from `path`, or made once there (32 random bytes,
 * readable by this user only). It never goes into the table, so the table alone opens nothing.
 */
export const loadOrCreateStoreAccountKey = (path: string): Buffer => {
  try {
    const key = readFileSync(path);
    if (key.length === 32) return key;
    throw new Error(`The store account key file ${path} does not hold 32 bytes`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  try {
    writeFileSync(path, key, { mode: 0o600, flag: "wx" });
    return key;
  } catch (error) {
    // Another process of the stack made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(path);
    throw error;
  }
};
