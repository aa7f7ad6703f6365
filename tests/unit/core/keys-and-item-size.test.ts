import { describe, expect, it } from "vitest";
import { assertItemFits, estimateItemBytes, MAX_ITEM_BYTES } from "../../../functions/core/db/item-size";
import { sortKey, TenantIdSchema, tenantPartitionKey } from "../../../functions/core/db/keys";
import { PayloadTooLargeError, ValidationError } from "../../../functions/core/errors";

describe("key builders", () => {
  it("starts every partition key with the tenant", () => {
    expect(tenantPartitionKey("alice", ["PLAN", "p-1"])).toBe("T#alice#PLAN#p-1");
  });

  it("joins sort key segments with the separator", () => {
    expect(sortKey(["MEAL", "2025-03-01"])).toBe("MEAL#2025-03-01");
  });

  it.each([
    ["a separator", ["PLAN#x"]],
    ["an empty segment", ["PLAN", ""]],
  ])("refuses a segment with %s, so no key can step into another entity", (_what, parts) => {
    expect(() => tenantPartitionKey("alice", parts)).toThrow(ValidationError);
    expect(() => sortKey(parts)).toThrow(ValidationError);
  });

  it.each(["alice", "a", "shop-42", "tenant_1.eu", "a".repeat(64)])("accepts the tenant id %s", (tenant) => {
    expect(TenantIdSchema.safeParse(tenant).success).toBe(true);
  });

  it.each(["", "a#b", "-alice", "alice bob", "a".repeat(65), "älice"])(
    "refuses the tenant id %j",
    (tenant) => {
      expect(TenantIdSchema.safeParse(tenant).success).toBe(false);
    },
  );
});

describe("item size guard", () => {
  it("never underestimates the UTF-8 size of the values", () => {
    const item = { pk: "T#alice#NOTE", sk: "n-1", data: { text: "é".repeat(1000) } };
    expect(estimateItemBytes(item)).toBeGreaterThanOrEqual(2000 + "pkskdatatext".length);
  });

  it("lets an item at the limit through", () => {
    const empty = estimateItemBytes({ data: "" });
    expect(() => assertItemFits({ data: "x".repeat(MAX_ITEM_BYTES - empty) }, "The note")).not.toThrow();
  });

  it("refuses an item one byte over the limit with a clear error", () => {
    const empty = estimateItemBytes({ data: "" });
    let caught: unknown;
    try {
      assertItemFits({ data: "x".repeat(MAX_ITEM_BYTES - empty + 1) }, "The note");
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PayloadTooLargeError);
    const error = caught as PayloadTooLargeError;
    expect(error.code).toBe("item_too_large");
    expect(error.message).toBe(
      `The note is too large to store (${MAX_ITEM_BYTES + 1} bytes; the limit is ${MAX_ITEM_BYTES})`,
    );
    expect(error.details).toEqual({ bytes: MAX_ITEM_BYTES + 1, limit: MAX_ITEM_BYTES });
  });

  it("uses DynamoDB's 400 KB item limit", () => {
    expect(MAX_ITEM_BYTES).toBe(400 * 1024);
  });
});
