import { z } from "zod";
import type { TenantTable } from "../../../core/db/tenant-table";
import type { CatalogPort } from "../domain/ports/catalog-port";
import type { SessionRepository } from "../domain/ports/session-repository";
import type { Product } from "../domain/product";
import type { Delta, SessionState } from "../domain/session-state";

/**
 * Products are kept inline in the state item while their JSON stays under this many bytes (DynamoDB's item
 * limit is 400 KB; the delta and bookkeeping need the rest). A bigger state (a search returning hundreds or
 * thousands) keeps only the product ids, in order, and is read back from the catalog by id. Searches return
 * at most SEARCH_RESULT_LIMIT (1000) products, so the ids always fit.
 */
export const INLINE_PRODUCTS_MAX_BYTES = 200_000;

const objectSchema = <T>() =>
  z.custom<T>((value) => typeof value === "object" && value !== null && !Array.isArray(value));

interface StoredState {
  step: number;
  meta: SessionState["current"]["meta"];
  product_ids: string[];
  products?: Product[];
}

const StoredStateSchema = objectSchema<StoredState>();
const DeltaSchema = objectSchema<Delta>();

const sessionPk = (sessionId: string) => ["CATCHAT", sessionId];
const STATE_SK = ["STATE"];
const DELTA = "DELTA";
/** Zero-padded so sort-key order is step order. */
const deltaSk = (step: number) => [DELTA, String(step).padStart(10, "0")];

const toStored = (state: SessionState): StoredState => {
  const products = state.current.data.products;
  const stored: StoredState = {
    step: state.step,
    meta: state.current.meta,
    product_ids: products.map((p) => p.id),
  };
  if (Buffer.byteLength(JSON.stringify(products), "utf8") <= INLINE_PRODUCTS_MAX_BYTES)
    stored.products = products;
  return stored;
};

/** Session state and deltas in the tenant's table: one partition per session, state and deltas side by side. */
export const createDynamoSessionRepository = (
  table: TenantTable,
  catalog: CatalogPort,
): SessionRepository => {
  const readDeltas = async (sessionId: string, page: { limit?: number; cursor?: string }) => {
    const out = await table.query(sessionPk(sessionId), DeltaSchema, {
      skPrefix: [DELTA],
      consistentRead: true,
      ...(page.limit === undefined ? {} : { limit: page.limit }),
      ...(page.cursor === undefined ? {} : { cursor: page.cursor }),
    });
    return { deltas: out.items.map((item) => item.data), ...(out.cursor ? { cursor: out.cursor } : {}) };
  };
  return {
    async load(sessionId) {
      const item = await table.get({ pk: sessionPk(sessionId), sk: STATE_SK }, StoredStateSchema);
      if (!item) return undefined;
      const stored = item.data;
      const products = stored.products ?? (await catalog.getByIds(stored.product_ids));
      return {
        state: {
          current: { data: { products }, meta: { ...stored.meta, count: products.length } },
          step: stored.step,
        },
        version: item.version,
      };
    },
    async allDeltas(sessionId) {
      const all: Delta[] = [];
      let cursor: string | undefined;
      do {
        const page = await readDeltas(sessionId, cursor === undefined ? {} : { cursor });
        all.push(...page.deltas);
        cursor = page.cursor;
      } while (cursor);
      return all;
    },
    listDeltas: (sessionId, page) => readDeltas(sessionId, page),
    async start(sessionId, state) {
      await table.transactWrite([
        {
          type: "put",
          key: { pk: sessionPk(sessionId), sk: STATE_SK },
          data: toStored(state),
          options: { expectedVersion: "absent" },
        },
      ]);
    },
    async save(sessionId, state, delta, expectedVersion) {
      await table.transactWrite([
        {
          type: "put",
          key: { pk: sessionPk(sessionId), sk: STATE_SK },
          data: toStored(state),
          options: { expectedVersion },
        },
        {
          type: "put",
          key: { pk: sessionPk(sessionId), sk: deltaSk(delta.step) },
          data: delta,
          options: { expectedVersion: "absent" },
        },
      ]);
    },
  };
};
