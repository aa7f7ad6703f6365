import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import type { z } from "zod";
import { ValidationError } from "../errors";
import { CURSOR_REFUSALS, type CursorKeySource, derivedCursorKey, openCursor, sealCursor } from "./cursor";
import { assertItemFits } from "./item-size";
import { type ItemKey, KEY_SEPARATOR, sortKey, TenantIdSchema, tenantPartitionKey } from "./keys";
import { mapDynamoError } from "./map-dynamo-error";
import { tableDefinition } from "./table-definition";

const {
  partitionKey: PK,
  sortKey: SK,
  timeToLiveAttribute: TTL,
  versionAttribute: VERSION,
} = tableDefinition;
const GSI = tableDefinition.indexes[0];

/** An item as the domain sees it: its logical key, validated data and bookkeeping. */
export interface TableItem<T> {
  key: ItemKey;
  data: T;
  version: number;
  updatedAt: string;
  expiresAt?: number;
}

/**
 * `"absent"`: create only (fails with 409 if the item exists); a number: optimistic lock on that version
 * (a stale write is a 409); `"any"`: last writer wins (still bumps the version).
 */
export type ExpectedVersion = number | "absent" | "any";

export interface WriteOptions {
  expectedVersion: ExpectedVersion;
  /** Epoch seconds after which reads treat the item as gone (DynamoDB deletes it later). */
  expiresAt?: number;
  /** Secondary access pattern on gsi1; tenant-prefixed like the primary key. */
  index?: ItemKey;
}

type TransactItem = NonNullable<TransactWriteCommandInput["TransactItems"]>[number];

export type TransactOperation =
  | { type: "put"; key: ItemKey; data: unknown; options: WriteOptions }
  | { type: "delete"; key: ItemKey; expectedVersion?: number }
  | { type: "check"; key: ItemKey; expectedVersion: number | "absent" };

export interface QueryOptions {
  /** Leading sort-key segments: only items whose sort key continues below them. */
  skPrefix?: readonly string[];
  limit?: number;
  cursor?: string;
  descending?: boolean;
  /** Query gsi1 instead of the table (pk/skPrefix are then gsi1 keys). */
  useIndex?: boolean;
  /** Strongly consistent read (table only; gsi1 cannot), so a reader sees the writes that preceded it. */
  consistentRead?: boolean;
}

/** Stored data that no longer fits its schema is our bug, not the client's: a 500, not a 400. */
export class StoredItemInvalidError extends Error {
  constructor(key: string, issues: string) {
    super(`Stored item ${key} does not match its schema: ${issues}`);
    this.name = "StoredItemInvalidError";
  }
}

/**
 * The table, bound to one tenant. Every key it builds starts with that tenant, and cursors are checked
 * to belong to it, so no call through it can read or write another tenant's item.
 */
export class TenantTable {
  readonly tenant: string;

  constructor(
    private readonly doc: DynamoDBDocumentClient,
    readonly tableName: string,
    tenant: string,
    private readonly now: () => Date = () => new Date(),
    private readonly cursorKey: CursorKeySource = async () => derivedCursorKey(tableName),
  ) {
    const parsed = TenantIdSchema.safeParse(tenant);
    if (!parsed.success) {
      throw new ValidationError("Invalid tenant id", [
        { path: "tenant", message: parsed.error.issues[0]?.message ?? "" },
      ]);
    }
    this.tenant = parsed.data;
  }

  private physicalKey(key: ItemKey): Record<string, string> {
    return { [PK]: tenantPartitionKey(this.tenant, key.pk), [SK]: sortKey(key.sk) };
  }

  private logicalKey(item: Record<string, unknown>): ItemKey {
    const pk = String(item[PK]).split("#").slice(2);
    const sk = String(item[SK]).split("#");
    return { pk, sk };
  }

  private nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  private isExpired(item: Record<string, unknown>): boolean {
    const expiresAt = item[TTL];
    return typeof expiresAt === "number" && expiresAt <= this.nowSeconds();
  }

  private toTableItem<S extends z.ZodType>(item: Record<string, unknown>, schema: S): TableItem<z.output<S>> {
    const parsed = schema.safeParse(item.data);
    if (!parsed.success) {
      throw new StoredItemInvalidError(
        `${String(item[PK])}|${String(item[SK])}`,
        parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
      );
    }
    const result: TableItem<z.output<S>> = {
      key: this.logicalKey(item),
      data: parsed.data,
      version: Number(item[VERSION] ?? 0),
      updatedAt: String(item.updated_at ?? ""),
    };
    if (typeof item[TTL] === "number") result.expiresAt = item[TTL];
    return result;
  }

  async get<S extends z.ZodType>(key: ItemKey, schema: S): Promise<TableItem<z.output<S>> | undefined> {
    try {
      const out = await this.doc.send(
        new GetCommand({ TableName: this.tableName, Key: this.physicalKey(key), ConsistentRead: true }),
      );
      if (!out.Item || this.isExpired(out.Item)) return undefined;
      return this.toTableItem(out.Item, schema);
    } catch (error) {
      throw mapDynamoError(error, "Reading an item");
    }
  }

  /** Builds the UpdateItem pieces shared by `put` and transactional puts. Returns the new version. */
  private updateParts(key: ItemKey, data: unknown, options: WriteOptions) {
    const names: Record<string, string> = {
      "#data": "data",
      "#version": VERSION,
      "#updated": "updated_at",
      "#tenant": "tenant",
    };
    const values: Record<string, unknown> = {
      ":data": data,
      ":one": 1,
      ":updated": this.now().toISOString(),
      ":tenant": this.tenant,
    };
    const sets = ["#data = :data", "#updated = :updated", "#tenant = :tenant"];
    const removes: string[] = [];
    names["#ttl"] = TTL;
    if (options.expiresAt !== undefined) {
      sets.push("#ttl = :ttl");
      values[":ttl"] = options.expiresAt;
    } else {
      removes.push("#ttl");
    }
    if (GSI) {
      names["#gpk"] = GSI.partitionKey;
      names["#gsk"] = GSI.sortKey;
      if (options.index) {
        sets.push("#gpk = :gpk", "#gsk = :gsk");
        values[":gpk"] = tenantPartitionKey(this.tenant, options.index.pk);
        values[":gsk"] = sortKey(options.index.sk);
      } else {
        removes.push("#gpk", "#gsk");
      }
    }
    let condition: string | undefined;
    const expected = options.expectedVersion;
    if (expected === "absent") {
      // An expired item is gone for readers (DynamoDB deletes it late), so it must not block a create.
      condition = "attribute_not_exists(#pk) OR #ttl <= :now";
      names["#pk"] = PK;
      values[":now"] = this.nowSeconds();
    } else if (typeof expected === "number") {
      condition = "#version = :expected";
      values[":expected"] = expected;
    }
    const physical = this.physicalKey(key);
    // `values` holds the data (`:data`) and every other stored value once.
    assertItemFits({ ...physical, ...values }, "The item");
    return {
      TableName: this.tableName,
      Key: physical,
      UpdateExpression: `SET ${sets.join(", ")} ADD #version :one${removes.length ? ` REMOVE ${removes.join(", ")}` : ""}`,
      ConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    };
  }

  /** Writes an item and returns its new version. A lost optimistic lock is a ConflictError (409). */
  async put(key: ItemKey, data: unknown, options: WriteOptions): Promise<number> {
    const parts = this.updateParts(key, data, options);
    try {
      const out = await this.doc.send(new UpdateCommand({ ...parts, ReturnValues: "UPDATED_NEW" }));
      return Number(out.Attributes?.[VERSION] ?? 1);
    } catch (error) {
      throw mapDynamoError(error, "Writing an item");
    }
  }

  /** Deletes an item; with `expectedVersion`, only if it has not changed. Returns whether it existed. */
  async delete(key: ItemKey, options: { expectedVersion?: number } = {}): Promise<boolean> {
    try {
      const out = await this.doc.send(
        new DeleteCommand({
          TableName: this.tableName,
          Key: this.physicalKey(key),
          ReturnValues: "ALL_OLD",
          ...(options.expectedVersion === undefined
            ? {}
            : {
                ConditionExpression: "#version = :expected",
                ExpressionAttributeNames: { "#version": VERSION },
                ExpressionAttributeValues: { ":expected": options.expectedVersion },
              }),
        }),
      );
      return out.Attributes !== undefined && !this.isExpired(out.Attributes);
    } catch (error) {
      throw mapDynamoError(error, "Deleting an item");
    }
  }

  async query<S extends z.ZodType>(
    pk: readonly string[],
    schema: S,
    options: QueryOptions = {},
  ): Promise<{ items: TableItem<z.output<S>>[]; cursor?: string }> {
    const pkName = options.useIndex && GSI ? GSI.partitionKey : PK;
    const skName = options.useIndex && GSI ? GSI.sortKey : SK;
    const names: Record<string, string> = { "#pk": pkName, "#ttl": TTL };
    const values: Record<string, unknown> = {
      ":pk": tenantPartitionKey(this.tenant, pk),
      ":now": this.nowSeconds(),
    };
    let keyCondition = "#pk = :pk";
    let skStartsWith: string | undefined;
    if (options.skPrefix && options.skPrefix.length > 0) {
      names["#sk"] = skName;
      // Whole segments: ["MEAL"] finds MEAL#1 but not MEALPLAN#1.
      skStartsWith = `${sortKey(options.skPrefix)}${KEY_SEPARATOR}`;
      values[":skp"] = skStartsWith;
      keyCondition += " AND begins_with(#sk, :skp)";
    }
    // The list a cursor pages: the table or index, the partition (tenant included) and the sort-key range.
    const list = [
      options.useIndex && GSI ? GSI.indexName : "table",
      String(values[":pk"]),
      skStartsWith ?? "",
      options.descending ? "desc" : "asc",
    ].join("|");
    const keyNames = options.useIndex && GSI ? [PK, SK, GSI.partitionKey, GSI.sortKey] : [PK, SK];
    const startKey = options.cursor
      ? this.decodeCursor(openCursor(await this.cursorKey(), list, options.cursor), {
          keyNames,
          partition: { name: pkName, value: String(values[":pk"]) },
          sort: { name: skName, startsWith: skStartsWith },
        })
      : undefined;
    const send = (limit: number | undefined, exclusiveStartKey: Record<string, unknown> | undefined) =>
      this.doc.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: options.useIndex && GSI ? GSI.indexName : undefined,
          KeyConditionExpression: keyCondition,
          // Expired items linger until DynamoDB deletes them (never, in DynamoDB Local): hide them.
          FilterExpression: "attribute_not_exists(#ttl) OR #ttl > :now",
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          Limit: limit,
          ScanIndexForward: !options.descending,
          ExclusiveStartKey: exclusiveStartKey,
          ConsistentRead: options.consistentRead && !options.useIndex ? true : undefined,
        }),
      );
    try {
      const { limit } = options;
      if (limit === undefined) {
        const out = await send(undefined, startKey);
        const items = (out.Items ?? []).map((item) => this.toTableItem(item, schema));
        return out.LastEvaluatedKey
          ? { items, cursor: sealCursor(await this.cursorKey(), list, out.LastEvaluatedKey) }
          : { items };
      }
      // A page of `limit` items, and a cursor only when another item follows: read one more than the
      // limit, past any page the TTL filter emptied, and seal the key of the page's own last item.
      const read: Record<string, unknown>[] = [];
      let next: Record<string, unknown> | undefined = startKey;
      do {
        const out = await send(Math.max(1, limit + 1 - read.length), next);
        read.push(...(out.Items ?? []));
        next = out.LastEvaluatedKey;
      } while (next && read.length <= limit);
      const page = read.slice(0, limit);
      const items = page.map((item) => this.toTableItem(item, schema));
      const last = page.at(-1);
      if (read.length <= limit || !last) return { items };
      const lastKey = Object.fromEntries(keyNames.map((name) => [name, last[name]]));
      return { items, cursor: sealCursor(await this.cursorKey(), list, lastKey) };
    } catch (error) {
      throw mapDynamoError(error, "Querying items");
    }
  }

  /** All-or-nothing write of up to 100 operations; a failed condition anywhere writes nothing (409). */
  async transactWrite(operations: readonly TransactOperation[]): Promise<void> {
    if (operations.length === 0) return;
    const items = operations.map((op): TransactItem => {
      if (op.type === "put") return { Update: this.updateParts(op.key, op.data, op.options) };
      if (op.type === "delete") {
        return {
          Delete: {
            TableName: this.tableName,
            Key: this.physicalKey(op.key),
            ...(op.expectedVersion === undefined
              ? {}
              : {
                  ConditionExpression: "#version = :expected",
                  ExpressionAttributeNames: { "#version": VERSION },
                  ExpressionAttributeValues: { ":expected": op.expectedVersion },
                }),
          },
        };
      }
      return {
        ConditionCheck: {
          TableName: this.tableName,
          Key: this.physicalKey(op.key),
          ...(op.expectedVersion === "absent"
            ? {
                ConditionExpression: "attribute_not_exists(#pk) OR #ttl <= :now",
                ExpressionAttributeNames: { "#pk": PK, "#ttl": TTL },
                ExpressionAttributeValues: { ":now": this.nowSeconds() },
              }
            : {
                ConditionExpression: "#version = :expected",
                ExpressionAttributeNames: { "#version": VERSION },
                ExpressionAttributeValues: { ":expected": op.expectedVersion },
              }),
        },
      };
    });
    try {
      await this.doc.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      throw mapDynamoError(error, "Writing items atomically");
    }
  }

  /**
   * A cursor is client input, sealed by this API for one list (./cursor.ts); what it opens to must still be
   * exactly the key attributes this query pages by, inside this tenant's keys, in the queried partition
   * and sort-key range. DynamoDB would refuse any other start key with a ValidationException (a 500); this
   * makes it the client's 400.
   */
  private decodeCursor(
    decoded: Record<string, unknown>,
    expected: {
      keyNames: readonly string[];
      partition: { name: string; value: string };
      sort: { name: string; startsWith: string | undefined };
    },
  ): Record<string, string> {
    const invalid = () =>
      new ValidationError("Invalid cursor", [{ path: "cursor", message: CURSOR_REFUSALS.notIssued }], {
        code: "cursor_invalid",
      });
    const key = decoded;
    const names = Object.keys(key);
    if (names.length !== expected.keyNames.length || !expected.keyNames.every((n) => n in key)) {
      throw invalid();
    }
    const prefix = `T#${this.tenant}#`;
    for (const [name, value] of Object.entries(key)) {
      if (typeof value !== "string") throw invalid();
      if ((name === PK || name === GSI?.partitionKey) && !value.startsWith(prefix)) throw invalid();
    }
    if (key[expected.partition.name] !== expected.partition.value) throw invalid();
    const { startsWith } = expected.sort;
    if (startsWith !== undefined && !String(key[expected.sort.name]).startsWith(startsWith)) throw invalid();
    return key as Record<string, string>;
  }
}
