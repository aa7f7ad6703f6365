import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type AppTable, createAppTable } from "../../../../../functions/core/db/app-table";
import { storeAccountKeysAt } from "../../../../../functions/shop/adapters/local-store-account-key";
import { createLocalStoreAccountVault } from "../../../../../functions/shop/adapters/local-store-account-vault";
import { localStoreAccountKeyFile } from "../../../../../functions/shop/wiring/store-account";
import { runProjectScript, type ScriptOutcome } from "../../../../support/project-script";
import { createTestTable } from "../../../../support/table";
import { scaledTimeout } from "../../../../support/test-timeouts";

const ANA = { tenant: "casa-ana", email: "ana@example.com", password: "Larder-secret-7f3a9c!" };
const BEA = { tenant: "casa-bea", email: "bea@example.com", password: "Larder-secret-b2e8c1!" };
const SESSION = { cookies: [], expiresAt: "2026-12-02T10:00:00.000Z" };

/** `npm run store -- rotate-key` as the npm script runs it (`tsx scripts/store.ts`), on a data folder. */
const rotateKey = (dataDir: string): Promise<ScriptOutcome> =>
  runProjectScript("scripts/store.ts", ["rotate-key"], { LARDER_DATA_DIR: dataDir });

let testTable: Awaited<ReturnType<typeof createTestTable>>;
let table: AppTable;
let dataDir: string;

beforeAll(async () => {
  testTable = await createTestTable();
  table = createAppTable({ TABLE_NAME: testTable.tableName, DYNAMODB_ENDPOINT: testTable.endpoint });
  dataDir = mkdtempSync(join(tmpdir(), "larder-rotate-"));
}, scaledTimeout(60_000));

afterAll(async () => {
  table?.destroy();
  await testTable?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The vault as a freshly started process of the local stack opens it: the data folder's key file. */
const vaultOf = (tenant: string) =>
  createLocalStoreAccountVault(
    table.forTenant(tenant),
    tenant,
    storeAccountKeysAt(localStoreAccountKeyFile(dataDir)),
  );

/** The sealed values of a tenant's account item as DynamoDB Local holds them. */
const sealedOf = async (tenant: string) =>
  (
    await table
      .forTenant(tenant)
      .get(
        { pk: ["STOREACCOUNT"], sk: ["ACCOUNT"] },
        z.object({ credentials: z.string(), session: z.string().optional() }),
      )
  )?.data;

const ringOf = (path: string) =>
  JSON.parse(readFileSync(path, "utf8")) as { current: string; keys: Record<string, string> };

describe("npm run store -- rotate-key on a data folder with sealed accounts", () => {
  it("refuses a data folder without a key file, making none", async () => {
    const empty = mkdtempSync(join(tmpdir(), "larder-rotate-empty-"));
    try {
      const outcome = await rotateKey(empty);
      expect(outcome.code).toBe(1);
      expect(outcome.stderr).toContain(`No store account key file at ${join(empty, "store-account.key")}`);
      expect(() => statSync(join(empty, "store-account.key"))).toThrow();
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it(
    "adds a new current key: the old values still open, new ones carry the new key's id, the old key stays",
    async () => {
      const keyFile = localStoreAccountKeyFile(dataDir);
      await vaultOf(ANA.tenant).saveCredentials({ email: ANA.email, password: ANA.password }, new Date());
      await vaultOf(BEA.tenant).saveCredentials({ email: BEA.email, password: BEA.password }, new Date());
      const before = ringOf(keyFile);
      const sealedBefore = await sealedOf(ANA.tenant);
      // The key's id is before each sealed value.
      expect(sealedBefore?.credentials.startsWith(`${before.current}:`)).toBe(true);

      const outcome = await rotateKey(dataDir);
      expect(outcome).toMatchObject({ code: 0, stderr: "" });
      const printed = JSON.parse(outcome.stdout) as {
        keyFile: string;
        previousId: string;
        currentId: string;
      };
      expect(printed).toEqual({ keyFile, previousId: before.current, currentId: expect.any(String) });
      expect(printed.currentId).not.toBe(before.current);

      // The ring: the new key current, the old one kept (it opens what it sealed), this user's only.
      const after = ringOf(keyFile);
      expect(after.current).toBe(printed.currentId);
      expect(Object.keys(after.keys).sort()).toEqual([before.current, printed.currentId].sort());
      expect(after.keys[before.current]).toBe(before.keys[before.current]);
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);

      // Nothing in the table was rewritten by the command; a process started after it opens both accounts.
      expect(await sealedOf(ANA.tenant)).toEqual(sealedBefore);
      const ana = vaultOf(ANA.tenant);
      expect(await ana.readCredentials()).toEqual({ email: ANA.email, password: ANA.password });
      expect(await vaultOf(BEA.tenant).readCredentials()).toEqual({
        email: BEA.email,
        password: BEA.password,
      });

      // What is written from now on is sealed with the new key; what was not rewritten keeps the old one.
      await ana.saveSession(SESSION);
      await vaultOf(BEA.tenant).saveCredentials({ email: BEA.email, password: BEA.password }, new Date());
      expect((await sealedOf(ANA.tenant))?.session?.startsWith(`${printed.currentId}:`)).toBe(true);
      expect((await sealedOf(ANA.tenant))?.credentials.startsWith(`${before.current}:`)).toBe(true);
      expect((await sealedOf(BEA.tenant))?.credentials.startsWith(`${printed.currentId}:`)).toBe(true);
      expect(await vaultOf(ANA.tenant).readSession()).toEqual(SESSION);

      // A second rotation keeps every earlier key: the value sealed two keys ago still opens.
      const again = await rotateKey(dataDir);
      expect(again.code).toBe(0);
      expect(Object.keys(ringOf(keyFile).keys)).toHaveLength(3);
      expect(await vaultOf(ANA.tenant).readCredentials()).toEqual({
        email: ANA.email,
        password: ANA.password,
      });
      expect(`${outcome.stdout}${again.stdout}`).not.toContain(ANA.password);
    },
    scaledTimeout(90_000),
  );
});
