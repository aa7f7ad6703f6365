/**
 * Ranked full text of the two chats' own tables on PGlite (the local default), at the sizes given on the
 * command line (default 100000): campaign chat's `full_text_search` (table `campaigns`) and catalog chat's
 * `search_products` (table `catalog_products`), each through its store, as the tools call them.
 *
 *   npx tsx bench/full-text-stores.ts [rows...]
 *
 * Campaigns are written in English, Portuguese or Russian from the Zipf corpus (bench/lib/zipf-corpus.ts):
 * a 6-12 word campaign_text (title weight) and a 60-120 word full_campaign_text, no vectors. Products are
 * named "<brand> <category word> <2-4 corpus words>" in Russian or English, in 10 categories named in both.
 * Queries: the realistic set draws 1-3 words from the documents' own words at their frequencies (100
 * queries); the broad set is each language's five most frequent content words; the filtered set is the
 * realistic set with a channel (campaigns) or a price bound (products). Each realistic query's top 20 is
 * compared with the exhaustive ts_rank_cd ranking (`rankCandidates: null`): "agreement" is the share of
 * queries whose ids come back equal, in order. The GIN indexes are dropped during the load and built once
 * after it, then ANALYZE, as a bulk load should.
 */
import { loadavg } from "node:os";
import { startLocalPostgres } from "../dev/local-postgres";
import { createCampaignRepository } from "../functions/chat/campaigns/adapters/sql-campaign-repository";
import type { Campaign } from "../functions/chat/campaigns/domain/campaign";
import { createSqlCatalog } from "../functions/chat/catalog/adapters/sql-catalog";
import type { Product } from "../functions/chat/catalog/domain/product";
import { createPostgresWireSql } from "../functions/core/sql/postgres-wire-adapter";
import type { SqlPort } from "../functions/core/sql/sql-port";
import { forTenant } from "../functions/core/sql/tenant-sql";
import { sizesFromArgs, timeRuns } from "./lib/stats";
import {
  broadQueries,
  type CorpusLanguage,
  corpusText,
  LANGUAGES,
  pick,
  random,
  realisticQuery,
} from "./lib/zipf-corpus";

const CHANNELS = ["Email", "Social", "Display", "Search", "Direct Mail"];
const BRANDS = ["Apple", "Asus", "Lenovo", "Samsung", "Xiaomi", "Sony", "Nike", "Adidas", "HP", "Acer"];
const CATEGORIES: [string, string, string, string[]][] = [
  ["laptops", "ноутбук", "laptop", ["ноутбуки", "laptops"]],
  ["phones", "смартфон", "phone", ["телефоны", "смартфоны", "phones"]],
  ["tablets", "планшет", "tablet", ["планшеты", "tablets"]],
  ["headphones", "наушники", "headphones", ["наушники", "headphones"]],
  ["sneakers", "кроссовки", "sneakers", ["кроссовки", "sneakers", "shoes"]],
  ["tvs", "телевизор", "tv", ["телевизоры", "tvs"]],
  ["watches", "часы", "watch", ["часы", "watches"]],
  ["cameras", "фотоаппарат", "camera", ["фотоаппараты", "cameras"]],
  ["monitors", "монитор", "monitor", ["мониторы", "monitors"]],
  ["speakers", "колонка", "speaker", ["колонки", "speakers"]],
];
const RUNS = 100;
const LIMIT = 20;

const campaign = (i: number): Campaign => {
  const language = LANGUAGES[i % LANGUAGES.length] as CorpusLanguage;
  return {
    id: `c${i}`,
    company: pick(BRANDS),
    brand: "",
    channel: pick(CHANNELS),
    offer: "",
    key_value_props: [],
    imagery_sentiment: "",
    imagery_visual_style: "",
    capture_date: `2025-${String(1 + Math.floor(random() * 12)).padStart(2, "0")}-15`,
    campaign_text: corpusText(language, 6 + Math.floor(random() * 7)),
    full_campaign_text: corpusText(language, 60 + Math.floor(random() * 60)),
    language,
  };
};

/** Product names in Russian or English (the catalog parses with 'russian' and 'simple'). */
const productLanguage = (i: number): CorpusLanguage => (i % 2 ? "russian" : "english");
const product = (i: number): Product => {
  const [category, russianWord, englishWord] = CATEGORIES[i % CATEGORIES.length] as (typeof CATEGORIES)[0];
  const language = productLanguage(i);
  const brand = pick(BRANDS);
  const words = corpusText(language, 2 + Math.floor(random() * 3));
  return {
    id: `p${i}`,
    name: `${brand} ${language === "russian" ? russianWord : englishWord} ${words}`,
    category,
    brand,
    price: 100_000 + Math.floor(random() * 20_000_000),
    currency: "RUB",
    rating: Math.floor(random() * 51) / 10,
    stock_quantity: Math.floor(random() * 5),
  };
};

/** 1-2 words of a product name drawn at their frequencies in names (a category word, a brand, a corpus word). */
const productQuery = (i: number): string => {
  const name = product(1_000_000 + i).name.split(" ");
  const first = pick(name);
  const second = pick(name);
  return random() < 0.6 || first === second ? first : `${first} ${second}`;
};

/** p50 / p99 in ms, after one warm-up call. */
const time = async (run: (i: number) => Promise<unknown>, runs = RUNS) => {
  await run(0);
  const { p50, p99 } = await timeRuns(runs, run);
  return `${p50.toFixed(1)} / ${p99.toFixed(1)}`;
};

const agreement = async (
  queries: readonly string[],
  run: (query: string, exact: boolean) => Promise<string[]>,
) => {
  let agree = 0;
  for (const query of queries) {
    const [fast, exact] = await Promise.all([run(query, false), run(query, true)]);
    if (fast.join() === exact.join()) agree++;
  }
  return `${agree}/${queries.length}`;
};

/**
 * Drops the table's GIN indexes (the text, the strong lexemes, the campaigns' facets), runs the load, then
 * builds each once from its own definition (pg_indexes) and analyzes the table.
 */
const bulkLoad = async (sql: SqlPort, table: string, load: () => Promise<void>) => {
  const indexes = await sql.query(
    "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = $1 AND indexdef LIKE '% USING gin %'",
    [table],
  );
  for (const row of indexes.rows) await sql.query(`DROP INDEX ${String(row.indexname)}`);
  const started = performance.now();
  await load();
  for (const row of indexes.rows) await sql.query(String(row.indexdef));
  await sql.query(`ANALYZE ${table}`);
  return ((performance.now() - started) / 1000).toFixed(1);
};

const measure = async (rows: number): Promise<void> => {
  const postgres = await startLocalPostgres();
  const sql = createPostgresWireSql({ url: postgres.url });
  try {
    const tenant = forTenant(sql, "bench");
    const campaigns = createCampaignRepository(tenant);
    const campaignsExact = createCampaignRepository(tenant, { rankCandidates: null });
    const campaignLoad = await bulkLoad(sql, "campaigns", async () => {
      for (let start = 0; start < rows; start += 1000)
        await campaigns.upsert(
          Array.from({ length: Math.min(1000, rows - start) }, (_, i) => ({
            campaign: campaign(start + i),
            embeddings: null,
          })),
        );
    });
    const realistic = Array.from({ length: RUNS }, (_, i) =>
      realisticQuery(LANGUAGES[i % LANGUAGES.length] as CorpusLanguage),
    );
    const broad = LANGUAGES.flatMap((language) => broadQueries(language));
    const campaignIds = (query: string, exact: boolean) =>
      (exact ? campaignsExact : campaigns)
        .fullText(query, [], LIMIT)
        .then((page) => page.campaigns.map((item) => item.id));
    const byChannel = (i: number) => [{ channel: CHANNELS[i % CHANNELS.length] as string }];
    console.log(
      `| campaign \`full_text_search\`, ${rows} (load average ${loadavg()[0]?.toFixed(1)}) | ${campaignLoad} s | ${await time((i) => campaigns.fullText(realistic[i] as string, [], LIMIT))} | ${await agreement(realistic, campaignIds)} | ${await time((i) => campaigns.fullText(broad[i % broad.length] as string, [], LIMIT))} | ${await time((i) => campaignsExact.fullText(broad[i % broad.length] as string, [], LIMIT), broad.length)} | ${await time((i) => campaigns.fullText(realistic[i] as string, byChannel(i), LIMIT))} |`,
    );

    const catalog = createSqlCatalog(tenant);
    const catalogExact = createSqlCatalog(tenant, { rankCandidates: null });
    for (const [id, , , names] of CATEGORIES) await catalog.putCategory(id, names);
    const catalogLoad = await bulkLoad(sql, "catalog_products", async () => {
      for (let start = 0; start < rows; start += 1000)
        await catalog.upsert(
          Array.from({ length: Math.min(1000, rows - start) }, (_, i) => product(start + i)),
        );
    });
    const productQueries = Array.from({ length: RUNS }, (_, i) => productQuery(i));
    // The broad set: every category word and brand alone (a tenth of the catalog each, or more).
    const productBroad = [...CATEGORIES.flatMap(([, russian, english]) => [russian, english]), ...BRANDS];
    const productIds = (query: string, exact: boolean) =>
      (exact ? catalogExact : catalog).search({ query }, LIMIT).then((found) => found.map((p) => p.id));
    console.log(
      `| catalog \`search_products\`, ${rows} (load average ${loadavg()[0]?.toFixed(1)}) | ${catalogLoad} s | ${await time((i) => catalog.search({ query: productQueries[i] as string }, LIMIT))} | ${await agreement(productQueries, productIds)} | ${await time((i) => catalog.search({ query: productBroad[i % productBroad.length] as string }, LIMIT))} | ${await time((i) => catalogExact.search({ query: productBroad[i % productBroad.length] as string }, LIMIT), productBroad.length)} | ${await time((i) => catalog.search({ query: productQueries[i] as string, max_price: 100_000 }, LIMIT))} |`,
    );
  } finally {
    await sql.close();
    await postgres.stop();
  }
};

console.log(
  "| store, rows | load + index builds | realistic p50 / p99 ms | top-20 agreement | broad p50 / p99 ms | broad exhaustive p50 / p99 ms | filtered p50 / p99 ms |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const rows of sizesFromArgs([100_000])) await measure(rows);
