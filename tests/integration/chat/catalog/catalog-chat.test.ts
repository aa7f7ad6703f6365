import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { z } from "zod";
import { createDynamoSessionRepository } from "../../../../functions/chat/catalog/adapters/dynamo-session-repository";
import { createSqlCatalog } from "../../../../functions/chat/catalog/adapters/sql-catalog";
import { fallbackTemplate } from "../../../../functions/chat/catalog/domain/agents/fallback-template";
import { offlineAgent1 } from "../../../../functions/chat/catalog/domain/agents/offline-agent1";
import type { Product } from "../../../../functions/chat/catalog/domain/product";
import { runCatalogToolOnSession } from "../../../../functions/chat/catalog/domain/use-cases/run-catalog-tool";
import {
  type SendCatalogMessageDeps,
  sendCatalogMessage,
} from "../../../../functions/chat/catalog/domain/use-cases/send-catalog-message";
import { newCatalogSessionId } from "../../../../functions/chat/catalog/wiring/catalog-chat-wiring";
import { createPostgresWireSql } from "../../../../functions/core/sql/postgres-wire-adapter";
import type { SqlPort } from "../../../../functions/core/sql/sql-port";
import { forTenant } from "../../../../functions/core/sql/tenant-sql";
import { useTestAppTable } from "../../../support/table";

// The pipeline on the real parts: products in PGlite (over the wire protocol, migrations applied by the
// global setup), session state and deltas in DynamoDB Local, Agent 1 and Agent 2 offline.

let sql: SqlPort;
const appTable = useTestAppTable();

beforeAll(async () => {
  sql = createPostgresWireSql({ url: inject("databaseUrl"), sharedSession: true });
});

afterAll(async () => {
  await sql?.close();
});

const item = (
  id: string,
  name: string,
  category: string,
  brand: string,
  rubles: number,
  rating = 4.5,
): Product => ({
  id,
  name,
  category,
  brand,
  price: Math.round(rubles * 100),
  currency: "RUB",
  rating,
  stock_quantity: 5,
});

const PRODUCTS = [
  item("lap-1", "Apple MacBook Air 13 M3", "laptops", "Apple", 129_990, 4.9),
  item("lap-2", "Ноутбук ASUS VivoBook 15", "laptops", "Asus", 54_990, 4.4),
  item("lap-3", "Lenovo IdeaPad Slim 5", "laptops", "Lenovo", 100_000, 4.6),
  item("lap-4", "Игровой ноутбук MSI Katana", "laptops", "MSI", 100_000.5, 4.2),
  item("ph-1", "Смартфон Samsung Galaxy A15", "phones", "Samsung", 15_990, 4.3),
  item("sh-1", "Nike Air Zoom Pegasus running shoes", "sneakers", "Nike", 89, 4.7),
];

const deps = (tenant: string): SendCatalogMessageDeps => {
  const catalog = createSqlCatalog(forTenant(sql, tenant));
  return {
    catalog,
    sessions: createDynamoSessionRepository(appTable.forTenant(tenant), catalog),
    templates: { build: async (query, state) => fallbackTemplate(query, state) },
    now: () => new Date("2026-11-24T10:00:00.000Z"),
    agent1: { chooseTool: async (query) => offlineAgent1(query) },
    newSessionId: newCatalogSessionId,
  };
};

const seedCatalog = async (tenant: string) => {
  const catalog = createSqlCatalog(forTenant(sql, tenant));
  await catalog.putCategory("laptops", ["ноутбуки", "ноутбук", "laptops", "notebooks"]);
  await catalog.putCategory("phones", ["телефоны", "смартфоны", "phones"]);
  await catalog.upsert(PRODUCTS);
  // Named after the products exist: the names reach them too.
  await catalog.putCategory("sneakers", ["кроссовки", "sneakers", "shoes"]);
  return catalog;
};

const ids = (products: readonly Product[]) => products.map((p) => p.id).sort();

describe("catalog search in PostgreSQL", () => {
  const tenant = `t-${randomUUID()}`;
  beforeAll(() => seedCatalog(tenant));

  it("'ноутбуки' finds every laptop through the category's names, Apple MacBook Air included", async () => {
    const found = await createSqlCatalog(forTenant(sql, tenant)).search({ query: "ноутбуки" }, 100);
    expect(ids(found)).toEqual(["lap-1", "lap-2", "lap-3", "lap-4"]);
  });

  it("stems English too: 'Nike shoes' finds the sneakers named after the products were stored", async () => {
    const found = await createSqlCatalog(forTenant(sql, tenant)).search(
      { query: "Nike shoes", max_price: 100 },
      100,
    );
    expect(ids(found)).toEqual(["sh-1"]);
  });

  it("re-ingesting the same products is idempotent", async () => {
    const catalog = createSqlCatalog(forTenant(sql, tenant));
    await catalog.upsert(PRODUCTS);
    const { rows } = await forTenant(sql, tenant).query<{ n: number }>(
      "SELECT count(*)::int AS n FROM catalog_products WHERE tenant = $1",
    );
    expect(rows[0]?.n).toBe(PRODUCTS.length);
  });
});

describe("the chat chain on DynamoDB Local + PGlite, offline", () => {
  const tenant = `t-${randomUUID()}`;
  beforeAll(() => seedCatalog(tenant));

  it("'покажи ноутбуки' → 'только до 100000' leaves two deltas (SEARCH, FILTER) and the filtered state", async () => {
    const d = deps(tenant);
    const first = await sendCatalogMessage(d, { query: "покажи ноутбуки" });
    expect(first.tool_result).toBe("ok: found 4 products");
    expect(first.step).toBe(1);
    const second = await sendCatalogMessage(d, { sessionId: first.sessionId, query: "только до 100000" });
    // 100 000.00 ₽ is at the cap; 100 000.50 ₽ is 100 000 whole rubles, like the seed's integer division.
    expect(second.tool_result).toBe("ok: 3 products match filter");

    const stored = await d.sessions.load(first.sessionId);
    expect(ids(stored?.state.current.data.products ?? [])).toEqual(["lap-2", "lap-3", "lap-4"]);
    expect(stored?.state.step).toBe(2);
    const deltas = await d.sessions.allDeltas(first.sessionId);
    expect(deltas.map((x) => [x.step, x.action.type, x.action.tool, x.result.count])).toEqual([
      [1, "SEARCH", "search_products", 4],
      [2, "FILTER", "filter_products", 3],
    ]);
    expect(deltas[1]?.action.params).toEqual({ max_price: 100_000 });
    expect(deltas[1]?.template?.layout).toBe("grid");
  });

  it("a filter that matches nothing leaves the state and the deltas as they were", async () => {
    const d = deps(tenant);
    const first = await sendCatalogMessage(d, { query: "покажи ноутбуки" });
    const none = await sendCatalogMessage(d, { sessionId: first.sessionId, query: "покажи только Nokia" });
    expect(none.tool_result).toBe("empty: no products match filter");
    expect(none.delta).toBeNull();
    expect((await d.sessions.allDeltas(first.sessionId)).length).toBe(1);
    expect((await d.sessions.load(first.sessionId))?.version).toBe(1);
  });

  it("a filter on a new session answers 'empty: no products to filter', stores the session at step 0 and no delta", async () => {
    const d = deps(tenant);
    const answer = await sendCatalogMessage(d, { query: "только до 100000" });
    expect(answer.tool_result).toBe("empty: no products to filter");
    expect(answer.delta).toBeNull();
    // The answer's sessionId works: the session exists, empty, without history.
    expect((await d.sessions.load(answer.sessionId))?.state.step).toBe(0);
    expect(await d.sessions.allDeltas(answer.sessionId)).toEqual([]);
    const next = await sendCatalogMessage(d, { sessionId: answer.sessionId, query: "покажи ноутбуки" });
    expect(next.step).toBe(1);
  });

  it("rolls back to each earlier step from the stored deltas, even after the catalog changed", async () => {
    const d = deps(tenant);
    const { sessionId } = await sendCatalogMessage(d, { query: "покажи ноутбуки" });
    await sendCatalogMessage(d, { sessionId, query: "только до 100000" });
    await sendCatalogMessage(d, { sessionId, query: "покажи только Asus" });
    await createSqlCatalog(forTenant(sql, tenant)).upsert([
      item("lap-9", "Ноутбук HP 250", "laptops", "HP", 40_000),
    ]);
    try {
      const back = await runCatalogToolOnSession(d, {
        sessionId,
        tool: "rollback",
        args: { to_step: 1 },
      });
      expect(back.step).toBe(4);
      expect(ids(back.state.current.data.products)).toEqual(["lap-1", "lap-2", "lap-3", "lap-4"]);
      const undo = await sendCatalogMessage(d, { sessionId, query: "undo" });
      expect(undo.tool_result).toBe("ok: rolled back to step 3, 1 products");
      expect(ids(undo.state.current.data.products)).toEqual(["lap-2"]);
      const types = (await d.sessions.allDeltas(sessionId)).map((x) => x.action.type);
      expect(types).toEqual(["SEARCH", "FILTER", "FILTER", "ROLLBACK", "ROLLBACK"]);
    } finally {
      await forTenant(sql, tenant).query("DELETE FROM catalog_products WHERE tenant = $1 AND id = $2", [
        "lap-9",
      ]);
    }
  });

  it("rolls back to what the user saw: a price changed and a product removed after the step change nothing", async () => {
    const own = `t-${randomUUID()}`;
    const catalog = await seedCatalog(own);
    const d = deps(own);
    const searched = await sendCatalogMessage(d, { query: "покажи ноутбуки" });
    const { sessionId } = searched;
    const filtered = await sendCatalogMessage(d, { sessionId, query: "только до 100000" });
    expect(ids(filtered.state.current.data.products)).toEqual(expect.arrayContaining(["lap-2", "lap-3"]));
    // After the steps: ASUS gets dearer, Lenovo leaves the catalog.
    await catalog.upsert([item("lap-2", "Ноутбук ASUS VivoBook 15", "laptops", "Asus", 99_990, 4.4)]);
    await forTenant(sql, own).query("DELETE FROM catalog_products WHERE tenant = $1 AND id = $2", ["lap-3"]);

    const rollbackTo = (to_step: number) =>
      runCatalogToolOnSession(d, {
        sessionId,
        tool: "rollback",
        args: { to_step },
      });
    const toSearch = await rollbackTo(1);
    expect(toSearch.state.current.data.products).toEqual(searched.state.current.data.products);
    // The template as the user saw it (title, fields), replayed as stored, not rebuilt from "rollback".
    expect(toSearch.template).toEqual(searched.template);
    expect(toSearch.template.title).toBe(`покажи ноутбуки (${searched.state.current.meta.count})`);
    expect(toSearch.state.current.meta.count).toBe(searched.state.current.meta.count);
    const toFilter = await rollbackTo(2);
    expect(toFilter.state.current.data.products).toEqual(filtered.state.current.data.products);
    expect(toFilter.template).toEqual(filtered.template);
    const undo = await sendCatalogMessage(d, { sessionId, query: "undo" });
    expect(undo.template).toEqual(searched.template);
    expect((await d.sessions.allDeltas(sessionId)).at(-1)?.template).toEqual(searched.template);
    expect(toFilter.tool_result).toBe(
      `ok: rolled back to step 2, ${filtered.state.current.meta.count} products`,
    );
    // The API's deltas stay the seed's shape: the replay record stays in the store.
    const page = await d.sessions.listDeltas(sessionId, { limit: 10 });
    expect(page.deltas.every((delta) => !("replay" in delta))).toBe(true);
    expect(searched.delta).not.toHaveProperty("replay");
  });

  it("replays a search too large for one item from its chunk items, exactly", async () => {
    const own = `t-${randomUUID()}`;
    const catalog = createSqlCatalog(forTenant(sql, own));
    await catalog.putCategory("laptops", ["ноутбуки", "laptops"]);
    // 60 laptops of about 8 KB each: some 480 KB of products, over the delta item's inline 200 KB.
    const big = Array.from({ length: 60 }, (_, n) => ({
      ...item(`big-${String(n).padStart(2, "0")}`, `Ноутбук Model ${n}`, "laptops", "Acme", 50_000 + n),
      attributes: { description: "x".repeat(8_000) },
    }));
    await catalog.upsert(big);
    const d = deps(own);
    const searched = await sendCatalogMessage(d, { query: "покажи ноутбуки" });
    expect(searched.state.current.meta.count).toBe(60);
    const { sessionId } = searched;
    await sendCatalogMessage(d, { sessionId, query: "только до 50010" });
    await catalog.upsert(big.map((p) => ({ ...p, price: p.price * 2 })));
    await forTenant(sql, own).query("DELETE FROM catalog_products WHERE tenant = $1 AND id = $2", ["big-00"]);
    const [first] = await d.sessions.allDeltas(sessionId);
    expect(first?.replay?.products).toEqual(searched.state.current.data.products);
    const back = await runCatalogToolOnSession(d, {
      sessionId,
      tool: "rollback",
      args: { to_step: 1 },
    });
    expect(back.state.current.data.products).toEqual(searched.state.current.data.products);
  });

  it("two messages of one session at once: one wins, the other is a 409 and writes nothing", async () => {
    const d = deps(tenant);
    const { sessionId } = await sendCatalogMessage(d, { query: "покажи ноутбуки" });
    // Both messages read the state before either writes: the interleaving a race produces, made certain.
    const load = d.sessions.load;
    let loaded = 0;
    let release: () => void = () => undefined;
    const bothLoaded = new Promise<void>((resolve) => {
      release = resolve;
    });
    const racing = {
      ...d,
      sessions: {
        ...d.sessions,
        load: async (id: string) => {
          const session = await load(id);
          loaded += 1;
          if (loaded === 2) release();
          await bothLoaded;
          return session;
        },
      },
    };
    const results = await Promise.allSettled([
      sendCatalogMessage(racing, { sessionId, query: "только до 100000" }),
      sendCatalogMessage(racing, { sessionId, query: "покажи только Apple" }),
    ]);
    const rejected = results.filter((r) => r.status === "rejected");
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect((rejected[0] as PromiseRejectedResult).reason).toMatchObject({ category: "conflict" });
    const deltas = await d.sessions.allDeltas(sessionId);
    expect(deltas.map((x) => x.step)).toEqual([1, 2]);
    expect((await d.sessions.load(sessionId))?.state.step).toBe(2);
  });

  it("keeps product ids only when the products are too big for the item, and reads them back by id", async () => {
    const d = deps(tenant);
    const big = Array.from({ length: 300 }, (_, i) =>
      item(
        `big-${String(i).padStart(3, "0")}`,
        `Ноутбук тестовый ${i} ${"x".repeat(800)}`,
        "laptops",
        "Acme",
        1000 + i,
      ),
    );
    await createSqlCatalog(forTenant(sql, tenant)).upsert(big);
    try {
      const answer = await sendCatalogMessage(d, { query: "покажи ноутбуки" });
      expect(answer.state.current.meta.count).toBe(304);
      const raw = await appTable
        .forTenant(tenant)
        .get({ pk: ["CATCHAT", answer.sessionId], sk: ["STATE"] }, z.record(z.string(), z.unknown()));
      expect(raw?.data.products).toBeUndefined();
      expect(raw?.data.product_ids).toHaveLength(304);
      const loaded = await d.sessions.load(answer.sessionId);
      expect(loaded?.state.current.data.products.map((p) => p.id)).toEqual(
        answer.state.current.data.products.map((p) => p.id),
      );
    } finally {
      await forTenant(sql, tenant).query(
        "DELETE FROM catalog_products WHERE tenant = $1 AND id LIKE 'big-%'",
      );
    }
  });
});

describe("tenant isolation", () => {
  it("another tenant's session id is not found, and its catalog is not searched", async () => {
    const owner = `t-${randomUUID()}`;
    const other = `t-${randomUUID()}`;
    await seedCatalog(owner);
    const { sessionId } = await sendCatalogMessage(deps(owner), { query: "покажи ноутбуки" });
    await expect(
      sendCatalogMessage(deps(other), { sessionId, query: "только до 100000" }),
    ).rejects.toMatchObject({
      category: "not_found",
    });
    expect(await deps(other).sessions.load(sessionId)).toBeUndefined();
    const elsewhere = await sendCatalogMessage(deps(other), { query: "покажи ноутбуки" });
    expect(elsewhere.tool_result).toBe("empty: no products found");
  });
});
