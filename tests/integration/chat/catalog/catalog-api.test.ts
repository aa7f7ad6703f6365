import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { demoCatalog, loadCatalogDemo } from "../../../../dev/demo/catalog-demo";
import {
  ChatAnswer,
  DeltasPage,
  SessionView,
} from "../../../../functions/chat/catalog/http/catalog-openapi-schemas";
import { issuePaths, parseErrorBody } from "../../../support/error-body";
import { type ApiCall, type LocalApiServer, startLocalApiServer } from "../../../support/local-api-server";

// The catalog chat end to end: the local API Gateway (dev token authorizer, lib/areas' route table), the
// real Lambda entry functions/chat/catalog/entries/api.ts, DynamoDB Local and PGlite. Offline: LLM_PROVIDER=none.

let server: LocalApiServer;
let call: ApiCall;
const tenant = `shop-${randomUUID().slice(0, 8)}`;

const product = (id: string, name: string, category: string, brand: string, kopecks: number) => ({
  id,
  name,
  category,
  brand,
  price: kopecks,
  currency: "RUB",
  rating: 4.5,
  stock_quantity: 2,
});

beforeAll(async () => {
  server = await startLocalApiServer({ DATABASE_URL: inject("databaseUrl") });
  call = server.call;
  const category = await call("PUT", "/catalog/categories/laptops", {
    tenant,
    body: { names: ["ноутбуки", "ноутбук", "laptops", "notebooks"] },
  });
  expect(category.status).toBe(200);
  const ingest = await call("POST", "/catalog/products", {
    tenant,
    body: {
      products: [
        product("m1", "Apple MacBook Air 13", "laptops", "Apple", 12_999_000),
        product("a1", "ASUS VivoBook 15", "laptops", "Asus", 5_499_000),
        product("l1", "Lenovo IdeaPad 5", "laptops", "Lenovo", 10_000_000),
      ],
    },
  });
  expect(ingest.status).toBe(200);
  expect(ingest.json()).toEqual({ upserted: 3 });
});

afterAll(async () => {
  await server?.stop();
});

describe("catalog chat API", () => {
  it("runs the seed's chain over HTTP and pages the deltas oldest first", async () => {
    const first = ChatAnswer.parse(
      (await call("POST", "/chat/catalog", { tenant, body: { query: "покажи ноутбуки" } })).json(),
    );
    expect(first.tool_result).toBe("ok: found 3 products");
    const res = await call("POST", "/chat/catalog", {
      tenant,
      body: { sessionId: first.sessionId, query: "только до 100000" },
    });
    expect(res.status).toBe(200);
    const second = ChatAnswer.parse(res.json());
    expect(second.tool_result).toBe("ok: 2 products match filter");
    expect(second.delta?.action.type).toBe("FILTER");

    const state = SessionView.parse(
      (await call("GET", `/chat/catalog/${first.sessionId}`, { tenant })).json(),
    );
    expect(state.state.current.data.products.map((p) => p.id).sort()).toEqual(["a1", "l1"]);
    const page1 = DeltasPage.parse(
      (await call("GET", `/chat/catalog/${first.sessionId}/deltas?limit=1`, { tenant })).json(),
    );
    expect(page1.deltas.map((d) => d.action.type)).toEqual(["SEARCH"]);
    const page2 = DeltasPage.parse(
      (
        await call("GET", `/chat/catalog/${first.sessionId}/deltas?limit=1&cursor=${page1.cursor ?? ""}`, {
          tenant,
        })
      ).json(),
    );
    expect(page2.deltas.map((d) => d.action.type)).toEqual(["FILTER"]);
  });

  it("runs a tool directly without a model on a session a message started, rollback included", async () => {
    const started = await call("POST", "/chat/catalog", { tenant, body: { query: "покажи вертолёты" } });
    const { sessionId } = ChatAnswer.parse(started.json());
    await call("POST", `/chat/catalog/${sessionId}/tools/search_products`, {
      tenant,
      body: { query: "laptops" },
    });
    await call("POST", `/chat/catalog/${sessionId}/tools/filter_products`, {
      tenant,
      body: { brand: "apple" },
    });
    const back = ChatAnswer.parse(
      (
        await call("POST", `/chat/catalog/${sessionId}/tools/rollback`, { tenant, body: { to_step: 1 } })
      ).json(),
    );
    expect(back.step).toBe(3);
    expect(back.delta?.action).toEqual({ type: "ROLLBACK", tool: "rollback", params: { to_step: 1 } });
    expect(back.state.current.meta.count).toBe(3);
  });

  it("keeps the session of a first message that found nothing: its sessionId works for the next message", async () => {
    const first = ChatAnswer.parse(
      (await call("POST", "/chat/catalog", { tenant, body: { query: "покажи вертолёты" } })).json(),
    );
    expect(first.tool_result).toBe("empty: no products found");
    expect(first.step).toBe(0);
    const view = await call("GET", `/chat/catalog/${first.sessionId}`, { tenant });
    expect(view.status).toBe(200);
    expect(SessionView.parse(view.json()).state.step).toBe(0);
    const next = await call("POST", "/chat/catalog", {
      tenant,
      body: { sessionId: first.sessionId, query: "покажи ноутбуки" },
    });
    expect(next.status).toBe(200);
    const answer = ChatAnswer.parse(next.json());
    expect(answer.sessionId).toBe(first.sessionId);
    expect(answer.tool_result).toBe("ok: found 3 products");
    expect(answer.step).toBe(1);
  });

  it("answers 404 session_not_found for a tool run on a session this tenant does not have", async () => {
    const unknown = await call(
      "POST",
      `/chat/catalog/cs_${randomUUID().replaceAll("-", "")}/tools/sort_products`,
      {
        tenant,
        body: { by: "price" },
      },
    );
    expect(unknown.status).toBe(404);
    expect(parseErrorBody(unknown.json()).code).toBe("session_not_found");
    // Another tenant's session is as unknown.
    const mine = ChatAnswer.parse(
      (await call("POST", "/chat/catalog", { tenant, body: { query: "покажи ноутбуки" } })).json(),
    );
    const theirs = await call("POST", `/chat/catalog/${mine.sessionId}/tools/sort_products`, {
      tenant: `other-${randomUUID().slice(0, 8)}`,
      body: { by: "price" },
    });
    expect(theirs.status).toBe(404);
    expect(parseErrorBody(theirs.json()).code).toBe("session_not_found");
  });

  it("answers 400 naming the field for bad products and bad tool arguments, writing nothing", async () => {
    const bad = await call("POST", "/catalog/products", {
      tenant,
      body: {
        products: [
          product("ok1", "Fine", "laptops", "X", 100),
          { ...product("x2", "Bad", "laptops", "X", 1), price: 1.5 },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(issuePaths(parseErrorBody(bad.json()).details)).toEqual(["body.products.1.price"]);
    expect((await call("GET", "/catalog/products/ok1", { tenant })).status).toBe(404);

    const { sessionId } = ChatAnswer.parse(
      (await call("POST", "/chat/catalog", { tenant, body: { query: "покажи ноутбуки" } })).json(),
    );
    const args = await call("POST", `/chat/catalog/${sessionId}/tools/filter_products`, {
      tenant,
      body: { max_price: "cheap" },
    });
    expect(args.status).toBe(400);
    expect(issuePaths(parseErrorBody(args.json()).details)).toEqual(["max_price"]);
    const tool = await call("POST", `/chat/catalog/${sessionId}/tools/drop_tables`, { tenant, body: {} });
    expect(tool.status).toBe(400);
  });

  it("keeps sessions and products to their tenant: another tenant's ids are 404s", async () => {
    const mine = ChatAnswer.parse(
      (await call("POST", "/chat/catalog", { tenant, body: { query: "покажи ноутбуки" } })).json(),
    );
    const other = { tenant: `other-${randomUUID().slice(0, 8)}` };
    expect((await call("GET", `/chat/catalog/${mine.sessionId}`, other)).status).toBe(404);
    expect((await call("GET", `/chat/catalog/${mine.sessionId}/deltas`, other)).status).toBe(404);
    const message = await call("POST", "/chat/catalog", {
      ...other,
      body: { sessionId: mine.sessionId, query: "undo" },
    });
    expect(message.status).toBe(404);
    expect(parseErrorBody(message.json()).code).toBe("session_not_found");
    expect((await call("GET", "/catalog/products/m1", other)).status).toBe(404);
    expect((await call("GET", "/catalog/products/m1", { tenant })).status).toBe(200);
  });
});

describe("demo catalog", () => {
  it("loads ≥300 products through the API, and 'покажи ноутбуки' finds every laptop, MacBook Air included", async () => {
    const loaded = await loadCatalogDemo(server.url);
    expect(loaded.products).toBeGreaterThanOrEqual(300);
    const laptops = demoCatalog().products.filter((p) => p.category === "laptops");
    const res = await call("POST", "/chat/catalog", { tenant: "demo", body: { query: "покажи ноутбуки" } });
    const answer = ChatAnswer.parse(res.json());
    expect(answer.tool_result).toBe(`ok: found ${laptops.length} products`);
    expect(answer.state.current.data.products.map((p) => p.id).sort()).toEqual(
      laptops.map((p) => p.id).sort(),
    );
    expect(answer.state.current.data.products.some((p) => p.name.startsWith("Apple MacBook Air"))).toBe(true);
    const phones = ChatAnswer.parse(
      (
        await call("POST", "/chat/catalog", { tenant: "demo", body: { query: "дешевые телефоны Samsung" } })
      ).json(),
    );
    expect(phones.state.current.data.products.length).toBeGreaterThan(0);
    expect(
      phones.state.current.data.products.every((p) => p.brand === "Samsung" && p.price <= 2_000_099),
    ).toBe(true);
  });
});
