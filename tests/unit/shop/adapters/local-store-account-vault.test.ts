import { createCipheriv, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TenantTable } from "../../../../functions/core/db/tenant-table";
import { DependencyUnavailableError } from "../../../../functions/core/errors";
import {
  rotateStoreAccountKey,
  storeAccountKeysAt,
} from "../../../../functions/shop/adapters/local-store-account-key";
import { createLocalStoreAccountVault } from "../../../../functions/shop/adapters/local-store-account-vault";
import { localStoreAccountKeyFile } from "../../../../functions/shop/wiring/store-account";

const ANA = { email: "ana@example.com", password: "Larder-secret-7f3a9c!" };
const SESSION = { cookies: [], expiresAt: "2026-12-02T10:00:00.000Z" };

/** The table's calls the vault makes, in memory (unit test: the sealing is the subject). */
const memoryTable = () => {
  const items = new Map<string, Record<string, unknown>>();
  return {
    items,
    table: {
      get: async (key: unknown) => {
        const data = items.get(JSON.stringify(key));
        return data === undefined ? undefined : { data, version: 1 };
      },
      put: async (key: unknown, data: Record<string, unknown>) => {
        items.set(JSON.stringify(key), data);
      },
      delete: async (key: unknown) => items.delete(JSON.stringify(key)),
    } as unknown as TenantTable,
  };
};

let dir: string;
let keyFile: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "larder-key-"));
  keyFile = join(dir, "data", "store-account.key");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const sealedOf = (items: Map<string, Record<string, unknown>>) =>
  [...items.values()][0] as Record<string, string>;

describe("the local store-account vault's keys", () => {
  it("makes the key file on the first save, readable by this user only, and names the key in each sealed value", async () => {
    const { table, items } = memoryTable();
    const vault = createLocalStoreAccountVault(table, "casa-ana", storeAccountKeysAt(keyFile));
    expect(existsSync(keyFile)).toBe(false);
    await vault.saveCredentials(ANA, new Date());
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const { current } = JSON.parse(readFileSync(keyFile, "utf8")) as { current: string };
    expect(sealedOf(items).credentials?.startsWith(`${current}:`)).toBe(true);
    expect(JSON.stringify([...items.values()])).not.toContain(ANA.password);
    expect(await vault.readCredentials()).toEqual(ANA);
  });

  it("never makes a new key while sealed values exist: a missing file is an error naming it and how to connect again", async () => {
    const { table } = memoryTable();
    await createLocalStoreAccountVault(table, "casa-ana", storeAccountKeysAt(keyFile)).saveCredentials(
      ANA,
      new Date(),
    );
    rmSync(keyFile);
    // A fresh process (no key read yet) finds the file gone.
    const vault = createLocalStoreAccountVault(table, "casa-ana", storeAccountKeysAt(keyFile));
    const reading = await vault.readCredentials().catch((error: unknown) => error);
    expect(reading).toBeInstanceOf(DependencyUnavailableError);
    expect((reading as DependencyUnavailableError).code).toBe("store_account_unreadable");
    expect((reading as Error).message).toContain(keyFile);
    expect((reading as Error).message).toMatch(
      /is missing.*connect the store account again \(PUT \/shop\/store-account\)/,
    );
    await expect(vault.saveSession(SESSION)).rejects.toThrow(/is missing/);
    expect(existsSync(keyFile)).toBe(false);
    // Connecting again seals under a new key.
    await vault.delete();
    await vault.saveCredentials(ANA, new Date());
    expect(await vault.readCredentials()).toEqual(ANA);
  });

  it("rotates: the new key seals from then on, the old one still opens what it sealed", async () => {
    const { table, items } = memoryTable();
    const keys = storeAccountKeysAt(keyFile);
    const vault = createLocalStoreAccountVault(table, "casa-ana", keys);
    await vault.saveCredentials(ANA, new Date());
    const before = sealedOf(items).credentials?.split(":")[0];
    const rotated = rotateStoreAccountKey(keyFile);
    expect(rotated.previousId).toBe(before);
    expect(rotated.currentId).not.toBe(before);
    // Another process (the API) after the rotation.
    const later = createLocalStoreAccountVault(table, "casa-ana", storeAccountKeysAt(keyFile));
    expect(await later.readCredentials()).toEqual(ANA);
    await later.saveSession(SESSION);
    expect(sealedOf(items).session?.startsWith(`${rotated.currentId}:`)).toBe(true);
    expect(sealedOf(items).credentials?.startsWith(`${before}:`)).toBe(true);
    expect(await later.readSession()).toEqual(SESSION);
    const ring = JSON.parse(readFileSync(keyFile, "utf8")) as {
      current: string;
      keys: Record<string, string>;
    };
    expect(ring.current).toBe(rotated.currentId);
    expect(Object.keys(ring.keys).sort()).toEqual([before, rotated.currentId].sort());
  });

  it("refuses to rotate a key file that does not exist", () => {
    expect(() => rotateStoreAccountKey(keyFile)).toThrow(/No store account key file/);
  });

  it("opens a value sealed before key ids with a 32-byte key file (the key `legacy`)", async () => {
    const key = randomBytes(32);
    writeFileSync(join(dir, "legacy.key"), key);
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    cipher.setAAD(Buffer.from("casa-ana:credentials"));
    const body = Buffer.concat([cipher.update(JSON.stringify(ANA), "utf8"), cipher.final()]);
    const { table, items } = memoryTable();
    const vault = createLocalStoreAccountVault(
      table,
      "casa-ana",
      storeAccountKeysAt(join(dir, "legacy.key")),
    );
    await vault.saveCredentials(ANA, new Date());
    const item = sealedOf(items);
    items.set([...items.keys()][0] ?? "", {
      ...item,
      credentials: Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64"),
    });
    expect(await vault.readCredentials()).toEqual(ANA);
  });
});

describe("the local key file's place", () => {
  it("is store-account.key in the data folder: LARDER_DATA_DIR, else .larder/", () => {
    expect(localStoreAccountKeyFile("/srv/larder")).toBe("/srv/larder/store-account.key");
    expect(localStoreAccountKeyFile(undefined)).toBe(resolve(process.cwd(), ".larder", "store-account.key"));
  });
});
