import { z } from "zod";
import type { TenantTable } from "../../../core/db/tenant-table";
import type { CatalogPort } from "../domain/ports/catalog-port";
import type { SessionRepository } from "../domain/ports/session-repository";
import type { Product } from "../domain/product";
import { type Delta, publicDelta, type RecordedDelta, type SessionState } from "../domain/session-state";

/**
 * Products are kept inline in the state item while their JSON stays under this many bytes (DynamoDB's item
 * limit is 400 KB; the delta and bookkeeping need the rest). A bigger state (a search returning hundreds or
 * thousands) keeps only the product ids, in order, and is read back from the catalog by id. Searches return
 * at most SEARCH_RESULT_LIMIT (1000) products, so the ids always fit.
 */
export const INLINE_PRODUCTS_MAX_BYTES = 200_000;

/**
 * A SEARCH delta's replay products (the values the user saw) stay inline in the delta item under this many
 * bytes; beyond it they go into `REPLAY#{step}#{n}` items of at most REPLAY_CHUNK_MAX_BYTES each, written
 * in the same transaction, up to REPLAY_MAX_BYTES in all (TransactWriteItems takes 4 MB). A search whose
 * products are larger still (or one product over a chunk) keeps ids only, and replays them by id.
 */
export const INLINE_REPLAY_MAX_BYTES = 200_000;
export const REPLAY_CHUNK_MAX_BYTES = 300_000;
export const REPLAY_MAX_BYTES = 3_000_000;

const objectSchema = <T>() =>
  z.custom<T>((value) => typeof value === "object" && value !== null && !Array.isArray(value));

interface StoredState {
  step: number;
  meta: SessionState["current"]["meta"];
  product_ids: string[];
  products?: Product[];
}

const StoredStateSchema = objectSchema<StoredState>();
/** A delta item: the delta, its replay products inline, or the number of chunk items holding them. */
type StoredDelta = Delta & { replay?: { products: Product[] } | { chunks: number } };
const DeltaSchema = objectSchema<StoredDelta>();
interface StoredReplayChunk {
  step: number;
  products: Product[];
}
const ReplayChunkSchema = objectSchema<StoredReplayChunk>();

const sessionPk = (sessionId: string) => ["CATCHAT", sessionId];
const STATE_SK = ["STATE"];
const DELTA = "DELTA";
/** Zero-padded so sort-key order is step order. */
const deltaSk = (step: number) => [DELTA, String(step).padStart(10, "0")];
const REPLAY = "REPLAY";
const replaySk = (step: number, chunk: number) => [
  REPLAY,
  String(step).padStart(10, "0"),
  String(chunk).padStart(4, "0"),
];

const bytesOf = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), "utf8");

/** Splits products into chunks of at most REPLAY_CHUNK_MAX_BYTES; undefined when they cannot be kept. */
const replayChunks = (products: readonly Product[]): Product[][] | undefined => {
  const chunks: Product[][] = [];
  let current: Product[] = [];
  let size = 0;
  let total = 0;
  for (const product of products) {
    const bytes = bytesOf(product) + 1;
    total += bytes;
    if (bytes > REPLAY_CHUNK_MAX_BYTES || total > REPLAY_MAX_BYTES) return undefined;
    if (size + bytes > REPLAY_CHUNK_MAX_BYTES) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(product);
    size += bytes;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
};

/** The delta item and the chunk items that keep its replay products. */
const toStoredDelta = (delta: RecordedDelta): { item: StoredDelta; chunks: StoredReplayChunk[] } => {
  const products = delta.replay?.products;
  if (!products || bytesOf(products) <= INLINE_REPLAY_MAX_BYTES) return { item: delta, chunks: [] };
  const chunks = replayChunks(products);
  const shown = publicDelta(delta);
  if (!chunks) return { item: shown, chunks: [] };
  return {
    item: { ...shown, replay: { chunks: chunks.length } },
    chunks: chunks.map((chunk) => ({ step: delta.step, products: chunk })),
  };
};

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
  const readAll = async <T>(sessionId: string, prefix: string, schema: z.ZodType<T>): Promise<T[]> => {
    const all: T[] = [];
    let cursor: string | undefined;
    do {
      const page = await table.query(sessionPk(sessionId), schema, {
        skPrefix: [prefix],
        consistentRead: true,
        ...(cursor === undefined ? {} : { cursor }),
      });
      all.push(...page.items.map((item) => item.data));
      cursor = page.cursor;
    } while (cursor);
    return all;
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
      const stored = await readAll(sessionId, DELTA, DeltaSchema);
      const chunked = stored.some((d) => d.replay && "chunks" in d.replay);
      const chunks = chunked ? await readAll(sessionId, REPLAY, ReplayChunkSchema) : [];
      return stored.map((delta): RecordedDelta => {
        if (!delta.replay || "products" in delta.replay) return delta as RecordedDelta;
        const own = chunks.filter((chunk) => chunk.step === delta.step);
        // Chunks are written with their delta, in one transaction: all of them or none.
        if (own.length !== delta.replay.chunks) return publicDelta(delta as RecordedDelta);
        return { ...delta, replay: { products: own.flatMap((chunk) => chunk.products) } };
      });
    },
    async listDeltas(sessionId, page) {
      const read = await readDeltas(sessionId, page);
      return { ...read, deltas: read.deltas.map((d) => publicDelta(d as RecordedDelta)) };
    },
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
      const { item, chunks } = toStoredDelta(delta);
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
          data: item,
          options: { expectedVersion: "absent" },
        },
        ...chunks.map((chunk, index) => ({
          type: "put" as const,
          key: { pk: sessionPk(sessionId), sk: replaySk(delta.step, index) },
          data: chunk,
          options: { expectedVersion: "absent" as const },
        })),
      ]);
    },
  };
};
