import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { ValidationError } from "../errors";

/**
 * The one cursor of every paged list: the page's last key, sealed (AES-256-GCM) under the table's cursor
 * key together with the list it pages (tenant, partition, index, sort-key range). A client reads nothing
 * in it and cannot change it; a cursor used on another list is refused as such, one that does not open
 * as one this API did not issue.
 */
export type CursorKey = Buffer;

/** The key cursors are sealed with, resolved on the first list that needs it and kept (cursor-key.ts). */
export type CursorKeySource = () => Promise<CursorKey>;

/** A key from a secret of at least 32 characters (CURSOR_KEY, or the value of CURSOR_KEY_SECRET_ID). */
export const cursorKeyFromSecret = (secret: string): CursorKey =>
  createHash("sha256").update(secret).digest();

/**
 * Outside Lambda only (the local stack, tests): a key derived from the table's name, stable across
 * processes, so a cursor outlives a restart. Anyone who knows the name can make it: never deployed.
 */
export const derivedCursorKey = (tableName: string): CursorKey =>
  Buffer.from(hkdfSync("sha256", "larder-cursor-v1", tableName, "list cursor", 32));

const IV_BYTES = 12;
const TAG_BYTES = 16;

export const CURSOR_REFUSALS = {
  anotherList:
    "this cursor belongs to another list (another tenant, endpoint or filter): ask again without it",
  notIssued: "not a cursor this API issued, or it was changed: ask again without it",
} as const;

const refused = (message: string) =>
  new ValidationError("Invalid cursor", [{ path: "cursor", message }], { code: "cursor_invalid" });

/** Seals `lastKey` for the list named by `list` (any string that differs between lists). */
export const sealCursor = (key: CursorKey, list: string, lastKey: Record<string, unknown>): string => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify({ list, lastKey }), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
};

/** The last key a cursor of `list` holds; a 400 naming why for any other cursor. */
export const openCursor = (key: CursorKey, list: string, cursor: string): Record<string, unknown> => {
  let opened: { list?: unknown; lastKey?: unknown };
  try {
    const bytes = Buffer.from(cursor, "base64url");
    if (bytes.length <= IV_BYTES + TAG_BYTES || bytes.toString("base64url") !== cursor) throw new Error();
    const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    opened = JSON.parse(plain.toString("utf8")) as typeof opened;
  } catch {
    throw refused(CURSOR_REFUSALS.notIssued);
  }
  if (opened.list !== list) throw refused(CURSOR_REFUSALS.anotherList);
  const { lastKey } = opened;
  if (typeof lastKey !== "object" || lastKey === null || Array.isArray(lastKey)) {
    throw refused(CURSOR_REFUSALS.notIssued);
  }
  return lastKey as Record<string, unknown>;
};
