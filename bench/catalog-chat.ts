import { performance } from "node:perf_hooks";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { createAppTable as createTable } from "../dev/create-table";
import { startDynamoDbLocal } from "../dev/dynamodb-local";
import { startLocalPostgres } from "../dev/local-postgres";
import { createDynamoSessionRepository } from "../functions/chat/catalog/adapters/dynamo-session-repository";
import { createSqlCatalog } from "../functions/chat/catalog/adapters/sql-catalog";
import { SEARCH_RESULT_LIMIT } from "../functions/chat/catalog/domain/ports/catalog-port";
import type { Product } from "../functions/chat/catalog/domain/product";
import type { Delta, SessionState } from "../functions/chat/catalog/domain/session-state";
import { filterProducts } from "../functions/chat/catalog/domain/tools/filter-products";
import { createAppTable, LOCAL_DYNAMODB_CLIENT_CONFIG } from "../functions/core/db/app-table";
import { createPostgresWireSql } from "../functions/core/sql/postgres-wire-adapter";
import { forTenant } from "../functions/core/sql/tenant-sql";
import { percentile } from "./lib/stats";

/**
 * The catalog chat's figures (issue 10): filter_products over 10,000 products in state (pure, in memory);
 * search_products over a 100,000-product catalog in PGlite (the local PostgreSQL, GIN over the generated
 * tsvector); the state + delta transaction on DynamoDB Local. `BENCH_CATALOG_PRODUCTS` changes the size.
 */
const CATALOG_SIZE = Number(process.env.BENCH_CATALOG_PRODUCTS ?? 100_000);

const BRANDS = ["Apple", "Asus", "Lenovo", "Samsung", "Xiaomi", "Sony", "Nike", "Adidas", "HP", "Acer"];
const CATEGORIES: [string, string, string[]][] = [
  ["laptops", "Ноутбук", ["ноутбуки", "laptops"]],
  ["phones", "Смартфон", ["телефоны", "смартфоны", "phones"]],
  ["tablets", "Планшет", ["планшеты", "tablets"]],
  ["headphones", "Наушники", ["наушники", "headphones"]],
  ["sneakers", "Кроссовки", ["кроссовки", "sneakers", "shoes"]],
  ["tvs", "Телевизор", ["телевизоры", "tvs"]],
  ["watches", "Часы", ["часы", "watches"]],
  ["cameras", "Фотоаппарат", ["фотоаппараты", "cameras"]],
  ["monitors", "Монитор", ["мониторы", "monitors"]],
  ["speakers", "Колонка", ["колонки", "speakers"]],
];

const product = (i: number): Product => {
  const [category, word] = CATEGORIES[i % CATEGORIES.length] ?? ["other", "Товар", []];
  const brand = BRANDS[(i * 7) % BRANDS.length] ?? "Acme";
  return {
    id: `p${i}`,
    name: i % 2 ? `${word} ${brand} модель ${i}` : `${brand} ${category} model ${i}`,
    category,
    brand,
    price: 100_000 + ((i * 7919) % 20_000_000),
    currency: "RUB",
    rating: ((i * 31) % 51) / 10,
    stock_quantity: i % 5,
  };
};

const summary = (label: string, times: number[]) =>
  console.log(
    `${label.padEnd(58)} p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms  p99 ${percentile(times, 99).toFixed(2)} ms  (n=${times.length})`,
  );

const timed = async (runs: number, run: (i: number) => unknown, warmup = 5): Promise<number[]> => {
  for (let i = 0; i < warmup; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  return times;
};

// 1. filter_products over 10,000 products in state.
const big: SessionState = {
  current: {
    data: { products: Array.from({ length: 10_000 }, (_, i) => product(i)) },
    meta: { count: 10_000, fields: ["name", "price"] },
  },
  step: 1,
};
summary(
  "filter_products, 10,000 products, max_price + brand",
  await timed(200, () => filterProducts(big, { max_price: 100_000, brand: "samsung" })),
);
summary(
  "filter_products, 10,000 products, min_rating",
  await timed(200, () => filterProducts(big, { min_rating: 4.5 })),
);

// 2. search_products over the catalog in PGlite.
const postgres = await startLocalPostgres();
const sql = createPostgresWireSql({ url: postgres.url });
try {
  const catalog = createSqlCatalog(forTenant(sql, "bench"));
  for (const [id, , names] of CATEGORIES) await catalog.putCategory(id, names);
  const loadStart = performance.now();
  for (let i = 0; i < CATALOG_SIZE; i += 1000) {
    await catalog.upsert(Array.from({ length: Math.min(1000, CATALOG_SIZE - i) }, (_, k) => product(i + k)));
  }
  console.log(`loaded ${CATALOG_SIZE} products in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);
  for (const [query, limit] of [
    ["ноутбуки", SEARCH_RESULT_LIMIT],
    ["ноутбуки", 50],
    ["Apple ноутбук", 50],
    ["shoes", 50],
  ] as const) {
    let found = 0;
    const times = await timed(
      20,
      async () => {
        found = (await catalog.search({ query }, limit)).length;
      },
      2,
    );
    summary(`search_products "${query}", limit ${limit} → ${found} rows, ${CATALOG_SIZE} in catalog`, times);
  }
} finally {
  await sql.close();
  await postgres.stop();
}

// 3. The state + delta transaction on DynamoDB Local.
const dynamo = await startDynamoDbLocal();
try {
  const client = new DynamoDBClient({ endpoint: dynamo.endpoint, ...LOCAL_DYNAMODB_CLIENT_CONFIG });
  await createTable(client, "bench-catalog");
  const table = createAppTable({ TABLE_NAME: "bench-catalog", DYNAMODB_ENDPOINT: dynamo.endpoint });
  const sessions = createDynamoSessionRepository(table.forTenant("bench"), {
    search: async () => [],
    getByIds: async () => [],
  });
  for (const size of [20, 1000]) {
    const products = Array.from({ length: size }, (_, i) => product(i));
    const sessionId = `bench-${size}`;
    let version: number | "absent" = "absent";
    const times = await timed(
      100,
      async (i) => {
        const step = i + 1;
        const state: SessionState = {
          current: { data: { products }, meta: { count: size, fields: ["name", "price"] } },
          step,
        };
        const delta: Delta = {
          step,
          trigger: "USER_QUERY",
          action: { type: "FILTER", tool: "filter_products", params: { max_price: 100_000 } },
          result: { count: size, fields: ["name", "price"] },
          createdAt: new Date().toISOString(),
        };
        await sessions.save(sessionId, state, delta, version);
        version = version === "absent" ? 1 : version + 1;
      },
      0,
    );
    summary(`state + delta transaction, ${size} products in state`, times);
  }
  table.destroy();
  client.destroy();
} finally {
  await dynamo.stop();
}
