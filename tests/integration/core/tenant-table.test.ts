import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { type AppTable, createAppTable } from "../../../functions/core/db/app-table";
import type { ItemKey } from "../../../functions/core/db/keys";
import type { TenantTable } from "../../../functions/core/db/tenant-table";
import {
  ConflictError,
  type LarderError,
  PayloadTooLargeError,
  ValidationError,
} from "../../../functions/core/errors";
import { mapErrorToHttp } from "../../../functions/core/http/error-response";
import { createTestTable } from "../../support/table";

const NoteSchema = z.object({ text: z.string() });

/** The error a promise rejects with (fails the test if it resolves). */
const rejectionOf = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail, but it succeeded");
};

const expectLarderError = async <E extends LarderError>(
  promise: Promise<unknown>,
  type: new (...args: never[]) => E,
  code: string,
): Promise<E> => {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(type);
  expect((error as E).code).toBe(code);
  return error as E;
};

let testTable: Awaited<ReturnType<typeof createTestTable>>;
let appTable: AppTable;
// The table layer's clock: TTL tests move it forward instead of waiting.
let nowMs = Date.parse("2025-03-01T12:00:00Z");
const nowSeconds = () => Math.floor(nowMs / 1000);
let keyCounter = 0;

beforeAll(async () => {
  testTable = await createTestTable();
  appTable = createAppTable(
    { TABLE_NAME: testTable.tableName, DYNAMODB_ENDPOINT: testTable.endpoint },
    () => new Date(nowMs),
  );
});

afterAll(async () => {
  appTable?.destroy();
  await testTable?.drop();
});

beforeEach(() => {
  nowMs = Date.parse("2025-03-01T12:00:00Z");
});

/** A key no other test uses, so tests never see each other's items. */
const freshKey = (entity = "NOTE"): ItemKey => {
  keyCounter += 1;
  return { pk: [entity, `k${keyCounter}`], sk: ["v"] };
};

const alice = (): TenantTable => appTable.forTenant("alice");
const bob = (): TenantTable => appTable.forTenant("bob");

describe("TenantTable: versioned writes", () => {
  it("creates an item at version 1 and bumps the version on every write", async () => {
    const key = freshKey();
    expect(await alice().put(key, { text: "one" }, { expectedVersion: "absent" })).toBe(1);
    expect(await alice().put(key, { text: "two" }, { expectedVersion: 1 })).toBe(2);
    expect(await alice().put(key, { text: "three" }, { expectedVersion: "any" })).toBe(3);
    const item = await alice().get(key, NoteSchema);
    expect(item).toMatchObject({ key, data: { text: "three" }, version: 3 });
    expect(item?.updatedAt).toBe(new Date(nowMs).toISOString());
  });

  it("refuses a create-only put when the item exists (409) and keeps the first item", async () => {
    const key = freshKey();
    await alice().put(key, { text: "first" }, { expectedVersion: "absent" });
    const error = await expectLarderError(
      alice().put(key, { text: "second" }, { expectedVersion: "absent" }),
      ConflictError,
      "stale_write",
    );
    expect(mapErrorToHttp(error).status).toBe(409);
    expect((await alice().get(key, NoteSchema))?.data).toEqual({ text: "first" });
  });

  it("lets exactly one of two writers holding the same version win; the other gets a 409", async () => {
    const key = freshKey();
    await alice().put(key, { text: "base" }, { expectedVersion: "absent" });
    const writers = ["writer A", "writer B"].map((text) =>
      alice().put(key, { text }, { expectedVersion: 1 }),
    );
    const results = await Promise.allSettled(writers);
    const won = results.flatMap((r, i) => (r.status === "fulfilled" ? [i] : []));
    const lost = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toBeInstanceOf(ConflictError);
    expect((lost[0] as ConflictError).code).toBe("stale_write");
    expect(mapErrorToHttp(lost[0]).status).toBe(409);
    const stored = await alice().get(key, NoteSchema);
    expect(stored?.version).toBe(2);
    expect(stored?.data.text).toBe(won[0] === 0 ? "writer A" : "writer B");
  });

  it("refuses a write holding an old version after someone else wrote", async () => {
    const key = freshKey();
    await alice().put(key, { text: "v1" }, { expectedVersion: "absent" });
    await alice().put(key, { text: "v2" }, { expectedVersion: 1 });
    await expectLarderError(
      alice().put(key, { text: "late" }, { expectedVersion: 1 }),
      ConflictError,
      "stale_write",
    );
    expect((await alice().get(key, NoteSchema))?.data.text).toBe("v2");
  });

  it("refuses a versioned write to an item that does not exist", async () => {
    await expectLarderError(
      alice().put(freshKey(), { text: "x" }, { expectedVersion: 1 }),
      ConflictError,
      "stale_write",
    );
  });

  it("deletes only when the version still matches, and says whether the item existed", async () => {
    const key = freshKey();
    await alice().put(key, { text: "v1" }, { expectedVersion: "absent" });
    await alice().put(key, { text: "v2" }, { expectedVersion: 1 });
    await expectLarderError(alice().delete(key, { expectedVersion: 1 }), ConflictError, "stale_write");
    expect(await alice().get(key, NoteSchema)).toBeDefined();
    expect(await alice().delete(key, { expectedVersion: 2 })).toBe(true);
    expect(await alice().get(key, NoteSchema)).toBeUndefined();
    expect(await alice().delete(key)).toBe(false);
  });
});

describe("TenantTable: transactions", () => {
  const seed = async (table: TenantTable, key: ItemKey, text: string, versions: number) => {
    await table.put(key, { text }, { expectedVersion: "absent" });
    for (let v = 1; v < versions; v++) await table.put(key, { text }, { expectedVersion: v });
  };

  it("writes every operation of a transaction whose conditions all hold", async () => {
    const [created, updated, removed, checked] = [freshKey(), freshKey(), freshKey(), freshKey()];
    await seed(alice(), updated, "old", 1);
    await seed(alice(), removed, "bye", 1);
    await seed(alice(), checked, "guard", 2);
    await alice().transactWrite([
      { type: "put", key: created, data: { text: "new" }, options: { expectedVersion: "absent" } },
      { type: "put", key: updated, data: { text: "updated" }, options: { expectedVersion: 1 } },
      { type: "delete", key: removed, expectedVersion: 1 },
      { type: "check", key: checked, expectedVersion: 2 },
    ]);
    expect(await alice().get(created, NoteSchema)).toMatchObject({ data: { text: "new" }, version: 1 });
    expect(await alice().get(updated, NoteSchema)).toMatchObject({ data: { text: "updated" }, version: 2 });
    expect(await alice().get(removed, NoteSchema)).toBeUndefined();
    expect(await alice().get(checked, NoteSchema)).toMatchObject({ data: { text: "guard" }, version: 2 });
  });

  it("writes nothing when one condition fails, and says so with a 409", async () => {
    const [created, updated, removed, checked] = [freshKey(), freshKey(), freshKey(), freshKey()];
    await seed(alice(), updated, "old", 1);
    await seed(alice(), removed, "keep me", 1);
    await seed(alice(), checked, "guard", 3);
    const before = {
      updated: await alice().get(updated, NoteSchema),
      removed: await alice().get(removed, NoteSchema),
      checked: await alice().get(checked, NoteSchema),
    };
    const error = await expectLarderError(
      alice().transactWrite([
        { type: "put", key: created, data: { text: "new" }, options: { expectedVersion: "absent" } },
        { type: "put", key: updated, data: { text: "updated" }, options: { expectedVersion: 1 } },
        { type: "delete", key: removed, expectedVersion: 1 },
        // The one stale condition: the guard is at version 3.
        { type: "check", key: checked, expectedVersion: 2 },
      ]),
      ConflictError,
      "transaction_cancelled",
    );
    expect(mapErrorToHttp(error).status).toBe(409);
    expect(error.details).toEqual({ reasons: ["None", "None", "None", "ConditionalCheckFailed"] });
    // Read every item back: nothing was created, changed or deleted.
    expect(await alice().get(created, NoteSchema)).toBeUndefined();
    expect(await alice().get(updated, NoteSchema)).toEqual(before.updated);
    expect(await alice().get(removed, NoteSchema)).toEqual(before.removed);
    expect(await alice().get(checked, NoteSchema)).toEqual(before.checked);
  });

  it("writes nothing when a create-only put in the transaction finds its item", async () => {
    const [fresh, existing] = [freshKey(), freshKey()];
    await seed(alice(), existing, "already here", 1);
    await expectLarderError(
      alice().transactWrite([
        { type: "put", key: fresh, data: { text: "a" }, options: { expectedVersion: "absent" } },
        { type: "put", key: existing, data: { text: "b" }, options: { expectedVersion: "absent" } },
      ]),
      ConflictError,
      "transaction_cancelled",
    );
    expect(await alice().get(fresh, NoteSchema)).toBeUndefined();
    expect((await alice().get(existing, NoteSchema))?.data.text).toBe("already here");
  });

  it("refuses an oversized item before sending the transaction, writing nothing", async () => {
    const [small, big] = [freshKey(), freshKey()];
    await expectLarderError(
      alice().transactWrite([
        { type: "put", key: small, data: { text: "fits" }, options: { expectedVersion: "absent" } },
        {
          type: "put",
          key: big,
          data: { text: "x".repeat(401 * 1024) },
          options: { expectedVersion: "absent" },
        },
      ]),
      PayloadTooLargeError,
      "item_too_large",
    );
    expect(await alice().get(small, NoteSchema)).toBeUndefined();
  });

  it("cannot touch another tenant's item: its keys are the caller's own", async () => {
    const key = freshKey();
    await seed(bob(), key, "bob's", 1);
    // Alice's transaction on the same logical key addresses her own (absent) item.
    await expectLarderError(
      alice().transactWrite([{ type: "check", key, expectedVersion: 1 }]),
      ConflictError,
      "transaction_cancelled",
    );
    await alice().transactWrite([{ type: "delete", key }]);
    expect((await bob().get(key, NoteSchema))?.data.text).toBe("bob's");
  });
});

describe("TenantTable: tenant isolation", () => {
  it("keeps two tenants' items under the same logical key apart", async () => {
    const key = freshKey();
    await alice().put(key, { text: "alice's" }, { expectedVersion: "absent" });
    await bob().put(key, { text: "bob's" }, { expectedVersion: "absent" });
    expect((await alice().get(key, NoteSchema))?.data.text).toBe("alice's");
    expect((await bob().get(key, NoteSchema))?.data.text).toBe("bob's");
  });

  it("gives one tenant nothing for a key only another tenant has", async () => {
    const key = freshKey();
    await alice().put(key, { text: "private" }, { expectedVersion: "absent" });
    expect(await bob().get(key, NoteSchema)).toBeUndefined();
    expect(await bob().delete(key)).toBe(false);
    expect((await alice().get(key, NoteSchema))?.data.text).toBe("private");
  });

  it("stores every key under the tenant's own prefix", async () => {
    const key = freshKey();
    await alice().put(key, { text: "x" }, { expectedVersion: "absent" });
    const raw = await testTable.client.send(
      new GetCommand({ TableName: testTable.tableName, Key: { pk: `T#alice#${key.pk.join("#")}`, sk: "v" } }),
    );
    expect(raw.Item).toMatchObject({ tenant: "alice", version: 1, data: { text: "x" } });
  });

  it("queries only the caller's items under a shared logical partition", async () => {
    const pk = ["LIST", `shared-${++keyCounter}`];
    for (const id of ["1", "2"]) {
      await alice().put({ pk, sk: [id] }, { text: `alice ${id}` }, { expectedVersion: "absent" });
    }
    await bob().put({ pk, sk: ["9"] }, { text: "bob 9" }, { expectedVersion: "absent" });
    const bobsPage = await bob().query(pk, NoteSchema);
    expect(bobsPage.items.map((i) => i.data.text)).toEqual(["bob 9"]);
    const alicesPage = await alice().query(pk, NoteSchema);
    expect(alicesPage.items.map((i) => i.data.text)).toEqual(["alice 1", "alice 2"]);
  });

  it("refuses another tenant's cursor as invalid input", async () => {
    const pk = ["LIST", `cursor-${++keyCounter}`];
    for (const id of ["1", "2", "3"]) {
      await alice().put({ pk, sk: [id] }, { text: id }, { expectedVersion: "absent" });
      await bob().put({ pk, sk: [id] }, { text: id }, { expectedVersion: "absent" });
    }
    const alicesFirst = await alice().query(pk, NoteSchema, { limit: 1 });
    expect(alicesFirst.cursor).toBeDefined();
    const error = await rejectionOf(bob().query(pk, NoteSchema, { cursor: alicesFirst.cursor }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(mapErrorToHttp(error).status).toBe(400);
  });

  it.each([
    ["a hand-made cursor pointing at another tenant", { pk: "T#alice#LIST#x", sk: "1" }],
    ["a cursor whose partition key lacks the tenant prefix", { pk: "LIST#x", sk: "1" }],
    ["a cursor with a non-string key", { pk: "T#bob#LIST#x", sk: 1 }],
    ["a cursor that is not a key object", ["T#bob#LIST#x"]],
    ["a cursor without a partition key", { sk: "1" }],
    [
      "a cursor for another tenant's index entries",
      { gsi1pk: "T#alice#BY", gsi1sk: "1", pk: "T#bob#x", sk: "1" },
    ],
  ])("refuses %s", async (_what, forged) => {
    const cursor = Buffer.from(JSON.stringify(forged), "utf8").toString("base64url");
    const error = await rejectionOf(bob().query(["LIST", "x"], NoteSchema, { cursor }));
    expect(error).toBeInstanceOf(ValidationError);
  });

  it("refuses the tenant's own cursor on another list as invalid input, not a DynamoDB failure", async () => {
    const first = ["LIST", `cursor-${++keyCounter}`];
    const second = ["LIST", `cursor-${++keyCounter}`];
    for (const id of ["1", "2"]) {
      await alice().put({ pk: first, sk: [id] }, { text: id }, { expectedVersion: "absent" });
      await alice().put({ pk: second, sk: [id] }, { text: id }, { expectedVersion: "absent" });
    }
    const { cursor } = await alice().query(first, NoteSchema, { limit: 1 });
    expect(cursor).toBeDefined();
    const error = await rejectionOf(alice().query(second, NoteSchema, { cursor }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(mapErrorToHttp(error).status).toBe(400);
  });

  it("refuses a cursor outside the query's sort-key prefix, and a table cursor on the index", async () => {
    const pk = ["MIXED", `c-${++keyCounter}`];
    for (const sk of [
      ["MEAL", "1"],
      ["MEAL", "2"],
      ["NOTE", "1"],
      ["NOTE", "2"],
    ]) {
      await alice().put({ pk, sk }, { text: sk.join(" ") }, { expectedVersion: "absent" });
    }
    const notes = await alice().query(pk, NoteSchema, { skPrefix: ["NOTE"], limit: 1 });
    expect(notes.cursor).toBeDefined();
    const meals = alice().query(pk, NoteSchema, { skPrefix: ["MEAL"], cursor: notes.cursor });
    expect(await rejectionOf(meals)).toBeInstanceOf(ValidationError);
    const onIndex = alice().query(pk, NoteSchema, { useIndex: true, cursor: notes.cursor });
    expect(await rejectionOf(onIndex)).toBeInstanceOf(ValidationError);
  });

  it.each([
    ["without a sort key", { pk: "T#bob#LIST#x" }],
    ["with attributes besides the keys", { pk: "T#bob#LIST#x", sk: "1", data: "x" }],
  ])("refuses a cursor of the caller's own partition %s", async (_what, forged) => {
    const cursor = Buffer.from(JSON.stringify(forged), "utf8").toString("base64url");
    const error = await rejectionOf(bob().query(["LIST", "x"], NoteSchema, { cursor }));
    expect(error).toBeInstanceOf(ValidationError);
  });

  it("refuses a cursor that does not decode", async () => {
    const error = await rejectionOf(bob().query(["LIST", "x"], NoteSchema, { cursor: "%%not-base64%%" }));
    expect(error).toBeInstanceOf(ValidationError);
  });

  it("issues opaque cursors and says why it refuses one: another list's, or one it did not issue", async () => {
    const pk = ["LIST", `cursor-${++keyCounter}`];
    const other = ["LIST", `cursor-${++keyCounter}`];
    for (const id of ["1", "2"]) {
      await alice().put({ pk, sk: [id] }, { text: id }, { expectedVersion: "absent" });
      await alice().put({ pk: other, sk: [id] }, { text: id }, { expectedVersion: "absent" });
    }
    const { cursor } = await alice().query(pk, NoteSchema, { limit: 1 });
    const readable = Buffer.from(cursor ?? "", "base64url").toString("latin1");
    for (const leak of ["T#alice", "LIST", '"pk"', '"sk"']) expect(readable).not.toContain(leak);
    // It still pages its own list.
    expect((await alice().query(pk, NoteSchema, { cursor })).items.map((i) => i.data.text)).toEqual(["2"]);

    const anotherList =
      "this cursor belongs to another list (another tenant, endpoint or filter): ask again without it";
    for (const refused of [
      bob().query(pk, NoteSchema, { cursor }),
      alice().query(other, NoteSchema, { cursor }),
      alice().query(pk, NoteSchema, { useIndex: true, cursor }),
    ]) {
      expect(mapErrorToHttp(await rejectionOf(refused)).body.error).toMatchObject({
        code: "cursor_invalid",
        details: { issues: [{ path: "cursor", message: anotherList }] },
      });
    }
    const plain = Buffer.from(JSON.stringify({ pk: "T#alice#LIST#x", sk: "1" }), "utf8").toString(
      "base64url",
    );
    const changed = `${(cursor ?? "").slice(0, -4)}AAAA`;
    for (const forged of [plain, changed, "%%not-base64%%"]) {
      expect(
        mapErrorToHttp(await rejectionOf(alice().query(pk, NoteSchema, { cursor: forged }))).body.error,
      ).toMatchObject({
        code: "cursor_invalid",
        details: {
          issues: [
            {
              path: "cursor",
              message: "not a cursor this API issued, or it was changed: ask again without it",
            },
          ],
        },
      });
    }
  });

  it("refuses a tenant id that could address another tenant's keys", () => {
    expect(() => appTable.forTenant("alice#LIST")).toThrow(ValidationError);
    expect(() => appTable.forTenant("")).toThrow(ValidationError);
  });
});

describe("TenantTable: TTL", () => {
  it("shows an item until its expiry and hides it from get and query afterwards", async () => {
    const key = freshKey("TTL");
    await alice().put(
      key,
      { text: "short-lived" },
      { expectedVersion: "absent", expiresAt: nowSeconds() + 60 },
    );
    expect(await alice().get(key, NoteSchema)).toMatchObject({ expiresAt: nowSeconds() + 60 });
    expect((await alice().query(key.pk, NoteSchema)).items).toHaveLength(1);

    nowMs += 60_000;
    expect(await alice().get(key, NoteSchema)).toBeUndefined();
    expect((await alice().query(key.pk, NoteSchema)).items).toEqual([]);
    expect(await alice().delete(key)).toBe(false);
  });

  it("hides an item written with an expiry already in the past", async () => {
    const key = freshKey("TTL");
    await alice().put(key, { text: "stale" }, { expectedVersion: "absent", expiresAt: nowSeconds() - 1 });
    expect(await alice().get(key, NoteSchema)).toBeUndefined();
    expect((await alice().query(key.pk, NoteSchema)).items).toEqual([]);
  });

  it("removes the expiry when an item is rewritten without one", async () => {
    const key = freshKey("TTL");
    await alice().put(key, { text: "temp" }, { expectedVersion: "absent", expiresAt: nowSeconds() + 10 });
    await alice().put(key, { text: "kept" }, { expectedVersion: 1 });
    nowMs += 3_600_000;
    const item = await alice().get(key, NoteSchema);
    expect(item?.data.text).toBe("kept");
    expect(item?.expiresAt).toBeUndefined();
  });

  it("lets an expired item be created again with a create-only put", async () => {
    const key = freshKey("TTL");
    await alice().put(key, { text: "old" }, { expectedVersion: "absent", expiresAt: nowSeconds() + 10 });
    nowMs += 11_000;
    // Reads say the item is gone (DynamoDB deletes it late, DynamoDB Local never), so creating it must work.
    expect(await alice().get(key, NoteSchema)).toBeUndefined();
    await alice().put(key, { text: "new" }, { expectedVersion: "absent" });
    expect((await alice().get(key, NoteSchema))?.data.text).toBe("new");
  });

  it("treats an expired item as absent in a transaction's create-only check", async () => {
    const [expired, created] = [freshKey("TTL"), freshKey("TTL")];
    await alice().put(expired, { text: "old" }, { expectedVersion: "absent", expiresAt: nowSeconds() + 10 });
    nowMs += 11_000;
    await alice().transactWrite([
      { type: "check", key: expired, expectedVersion: "absent" },
      { type: "put", key: created, data: { text: "made" }, options: { expectedVersion: "absent" } },
    ]);
    expect((await alice().get(created, NoteSchema))?.data.text).toBe("made");
  });

  it("still refuses a create-only put over an item that has not expired yet", async () => {
    const key = freshKey("TTL");
    await alice().put(key, { text: "live" }, { expectedVersion: "absent", expiresAt: nowSeconds() + 10 });
    nowMs += 9_000;
    await expectLarderError(
      alice().put(key, { text: "x" }, { expectedVersion: "absent" }),
      ConflictError,
      "stale_write",
    );
  });
});

describe("TenantTable: size guard", () => {
  it("refuses an item over 400 KB with a clear 413 and stores nothing", async () => {
    const key = freshKey();
    const error = await expectLarderError(
      alice().put(key, { text: "x".repeat(401 * 1024) }, { expectedVersion: "absent" }),
      PayloadTooLargeError,
      "item_too_large",
    );
    expect(error.message).toMatch(/too large to store \(\d+ bytes; the limit is 409600\)/);
    expect(mapErrorToHttp(error).status).toBe(413);
    expect(await alice().get(key, NoteSchema)).toBeUndefined();
  });

  it("stores a large item that is still under the limit", async () => {
    const key = freshKey();
    const text = "y".repeat(390 * 1024);
    await alice().put(key, { text }, { expectedVersion: "absent" });
    expect((await alice().get(key, NoteSchema))?.data.text).toHaveLength(text.length);
  });
});

describe("TenantTable: queries and pagination", () => {
  const collectAll = async (table: TenantTable, pk: readonly string[], limit: number) => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await table.query(pk, NoteSchema, { limit, cursor });
      seen.push(...page.items.map((item) => item.data.text));
      cursor = page.cursor;
      pages += 1;
      if (pages > 100) throw new Error("pagination does not end");
    } while (cursor);
    return { seen, pages };
  };

  it("returns every item exactly once, in key order, across pages", async () => {
    const pk = ["PAGED", `p-${++keyCounter}`];
    const ids = Array.from({ length: 23 }, (_, i) => String(i).padStart(3, "0"));
    for (const id of [...ids].reverse()) {
      await alice().put({ pk, sk: [id] }, { text: id }, { expectedVersion: "absent" });
    }
    const { seen, pages } = await collectAll(alice(), pk, 5);
    expect(seen).toEqual(ids);
    expect(pages).toBeGreaterThanOrEqual(5);
  });

  it("returns every live item exactly once when expired items sit between them", async () => {
    const pk = ["PAGED", `p-${++keyCounter}`];
    const live: string[] = [];
    for (let i = 0; i < 20; i++) {
      const id = String(i).padStart(3, "0");
      const expired = i % 3 === 0;
      await alice().put(
        { pk, sk: [id] },
        { text: id },
        { expectedVersion: "absent", ...(expired ? { expiresAt: nowSeconds() - 5 } : {}) },
      );
      if (!expired) live.push(id);
    }
    expect((await collectAll(alice(), pk, 4)).seen).toEqual(live);
  });

  it("gives a page full of live items, and a cursor only when a live item follows, past expired ones", async () => {
    const pk = ["PAGED", `p-${++keyCounter}`];
    const put = (id: string, expired: boolean) =>
      alice().put(
        { pk, sk: [id] },
        { text: id },
        { expectedVersion: "absent", ...(expired ? { expiresAt: nowSeconds() - 5 } : {}) },
      );
    await put("a", false);
    for (const id of ["b", "c", "d"]) await put(id, true);
    const alone = await alice().query(pk, NoteSchema, { limit: 1 });
    expect(alone.items.map((i) => i.data.text)).toEqual(["a"]);
    expect(alone.cursor).toBeUndefined();
    await put("e", false);
    const first = await alice().query(pk, NoteSchema, { limit: 1 });
    expect(first.items.map((i) => i.data.text)).toEqual(["a"]);
    expect(first.cursor).toBeDefined();
    const second = await alice().query(pk, NoteSchema, { limit: 1, cursor: first.cursor });
    expect(second.items.map((i) => i.data.text)).toEqual(["e"]);
    expect(second.cursor).toBeUndefined();
    const whole = await alice().query(pk, NoteSchema, { limit: 2 });
    expect(whole.items.map((i) => i.data.text)).toEqual(["a", "e"]);
    expect(whole.cursor).toBeUndefined();
  });

  it("pages backwards with descending", async () => {
    const pk = ["PAGED", `p-${++keyCounter}`];
    for (const id of ["a", "b", "c", "d"]) {
      await alice().put({ pk, sk: [id] }, { text: id }, { expectedVersion: "absent" });
    }
    const first = await alice().query(pk, NoteSchema, { limit: 3, descending: true });
    const second = await alice().query(pk, NoteSchema, { limit: 3, descending: true, cursor: first.cursor });
    expect([...first.items, ...second.items].map((i) => i.data.text)).toEqual(["d", "c", "b", "a"]);
  });

  it("narrows a query to whole leading sort-key segments with skPrefix", async () => {
    const pk = ["MIXED", `m-${++keyCounter}`];
    await alice().put({ pk, sk: ["MEAL", "1"] }, { text: "meal 1" }, { expectedVersion: "absent" });
    await alice().put({ pk, sk: ["MEAL", "2"] }, { text: "meal 2" }, { expectedVersion: "absent" });
    await alice().put({ pk, sk: ["MEALPLAN", "1"] }, { text: "meal plan" }, { expectedVersion: "absent" });
    await alice().put({ pk, sk: ["NOTE", "1"] }, { text: "note" }, { expectedVersion: "absent" });
    const meals = await alice().query(pk, NoteSchema, { skPrefix: ["MEAL"] });
    expect(meals.items.map((i) => i.data.text)).toEqual(["meal 1", "meal 2"]);
    expect(meals.items.map((i) => i.key)).toEqual([
      { pk, sk: ["MEAL", "1"] },
      { pk, sk: ["MEAL", "2"] },
    ]);
  });

  it("queries the secondary index inside the tenant too", async () => {
    const by = ["BY-DATE", `d-${++keyCounter}`];
    await alice().put(
      freshKey(),
      { text: "alice late" },
      { expectedVersion: "absent", index: { pk: by, sk: ["2"] } },
    );
    await alice().put(
      freshKey(),
      { text: "alice early" },
      { expectedVersion: "absent", index: { pk: by, sk: ["1"] } },
    );
    await bob().put(freshKey(), { text: "bob" }, { expectedVersion: "absent", index: { pk: by, sk: ["0"] } });
    const page = await alice().query(by, NoteSchema, { useIndex: true });
    expect(page.items.map((i) => i.data.text)).toEqual(["alice early", "alice late"]);
  });

  it("pages through the secondary index with the cursors it issues", async () => {
    const by = ["BY-DATE", `d-${++keyCounter}`];
    for (const day of ["1", "2", "3", "4", "5"]) {
      await alice().put(
        freshKey(),
        { text: day },
        { expectedVersion: "absent", index: { pk: by, sk: [day] } },
      );
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await alice().query(by, NoteSchema, { useIndex: true, limit: 2, cursor });
      seen.push(...page.items.map((i) => i.data.text));
      cursor = page.cursor;
    } while (cursor);
    expect(seen).toEqual(["1", "2", "3", "4", "5"]);
  });

  it("treats stored data that no longer fits its schema as our bug (a 500), not the client's", async () => {
    const key = freshKey();
    await alice().put(key, { text: 42 }, { expectedVersion: "absent" });
    const error = await rejectionOf(alice().get(key, NoteSchema));
    expect(error).toBeInstanceOf(Error);
    expect(mapErrorToHttp(error).status).toBe(500);
  });
});

describe("AppTable", () => {
  it("probes the table when it exists", async () => {
    await expect(appTable.probe()).resolves.toBeUndefined();
  });

  it("reports a missing table as a failed probe", async () => {
    const missing = createAppTable({ TABLE_NAME: "no-such-table", DYNAMODB_ENDPOINT: testTable.endpoint });
    try {
      await expect(missing.probe()).rejects.toThrow();
    } finally {
      missing.destroy();
    }
  });
});
