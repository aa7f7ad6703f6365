/**
 * `npm run demo:substitution`: seed 000's section 7 ("Expected Results") on the simulated store. The demo
 * household's cart (dev/store/catalog/demo-household.json) is scanned for unavailable items; for each,
 * the substitution worker's own steps run in order (queries, search with fallbacks, value ranking with
 * the household's rules and the defining-attribute guard), searching the simulated store's catalog with
 * its own search, in process (no browser). The model is not called (the offline heuristics answer, as
 * `npm start` does without a key), so the run is the same on every machine. Prints the worker's log lines
 * and, per item, the queries, the search and the value-based ranking in the seed's format.
 */

import { type CatalogProduct, loadCatalog } from "../dev/store/catalog";
import { demoHouseholdSeed } from "../dev/store/demo-household";
import { searchCatalog } from "../dev/store/search-catalog";
import { StoreCatalogIndex } from "../dev/store/store-catalog-index";
import type { LoggerPort } from "../functions/core/logger-port";
import { defaultHouseholdPreferences } from "../functions/shop/domain/household-preferences";
import type { StorePort } from "../functions/shop/domain/ports/store-port";
import type { CoordinatorCartLine, CoordinatorProduct } from "../functions/shop/domain/store-shapes";
import { brandTiersFor, DEFAULT_STORE_ID } from "../functions/shop/domain/substitution/brand-tiers";
import {
  generateItemQueries,
  originalItemFromCartLine,
  queriesInOrder,
  rankItemCandidates,
  searchItemCandidates,
} from "../functions/shop/domain/substitution/substitution-worker";
import { RECOMMENDATION_PT } from "../functions/shop/domain/substitution/value-ranker";
import { createFakeLlm } from "../tests/support/llm/fake-llm";

// Piped into `head`, stdout closes early: that is the reader's choice, not a failure of the demo.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

const index = new StoreCatalogIndex(loadCatalog());
const toProduct = (p: CatalogProduct): CoordinatorProduct => ({
  productId: p.productId,
  name: p.name,
  price: p.priceCents / 100,
  pricePerUnit: p.unitPriceLabel,
  ...(p.brand ? { brand: p.brand } : {}),
  ...(p.size ? { size: p.size } : {}),
  available: p.available,
  categoryPath: index.category(p).labels,
  ...(p.soldByWeight ? { soldByWeight: true } : {}),
});

const { seed } = demoHouseholdSeed(index, new Date());
const cart: CoordinatorCartLine[] = (seed.cart ?? []).map((line) => {
  const product = index.product(line.productId);
  if (!product) throw new Error(`demo cart names unknown product ${line.productId}`);
  return { ...toProduct(product), quantity: line.quantity };
});

const store: StorePort = {
  scanCart: async () => cart,
  searchProducts: async (query, maxResults) =>
    searchCatalog(index, query)
      .filter((p) => p.available)
      .slice(0, maxResults)
      .map(toProduct),
  readProduct: async (productId) => {
    const product = index.product(productId);
    if (!product) throw new Error(`no product ${productId}`);
    return toProduct(product);
  },
  listOrders: async () => [],
  listDeliverySlots: async () => [],
  addToCart: async () => {},
  removeFromCart: async () => {},
};

const SHOWN_LOGS = new Set([
  "Scanning cart for unavailable items",
  "Found unavailable items",
  "Finding substitutes",
]);
const logger: LoggerPort = {
  info: (message: string, extra?: Record<string, unknown>) => {
    if (SHOWN_LOGS.has(message)) console.log(`[info] ${message}${extra ? ` ${JSON.stringify(extra)}` : ""}`);
  },
  warn: () => {},
  error: () => {},
} as unknown as LoggerPort;

const euros = (value: number): string => `${value.toFixed(2).replace(".", ",")} €`;
/** The store's unit price ("3.49 €/Kg") written as the prices beside it are: a decimal comma. */
const unitPrice = (text: string | undefined): string => (text ? text.replace(/(\d)\.(\d)/g, "$1,$2") : "-");
const TIER = { store: "STORE", national: "NATIONAL", premium: "PREMIUM", unknown: "OTHER" } as const;
const deps = { llm: createFakeLlm(), logger, tiers: brandTiersFor(DEFAULT_STORE_ID) };
const preferences = defaultHouseholdPreferences();

logger.info("Scanning cart for unavailable items");
const unavailable = (await store.scanCart()).filter((line) => !line.available);
logger.info("Found unavailable items", { count: unavailable.length });

for (const line of unavailable) {
  const original = originalItemFromCartLine(line);
  console.log(`\n=== ${original.name} (${original.quantity} × ${euros(original.price)}) ===`);
  const { queries } = await generateItemQueries(deps, original);
  console.log("Query Generation (heuristic, offline):");
  console.log(`  Primary: "${queries.primaryQuery}"`);
  console.log(`  Fallbacks: [${queries.fallbackQueries.map((q) => `"${q}"`).join(", ")}]`);
  let progress = { candidates: [] as CoordinatorProduct[], nextQueryIndex: 0, done: false };
  while (!progress.done) {
    progress = await searchItemCandidates(store, {
      original,
      queries,
      queryIndex: progress.nextQueryIndex,
      candidates: progress.candidates,
      policy: { policy: "best_match" },
    });
  }
  console.log(`\nSearch: "${queriesInOrder(queries)[0]}"\nResults: ${progress.candidates.length} candidates`);
  const ranked = await rankItemCandidates(deps, {
    original,
    candidates: progress.candidates,
    policy: { policy: "best_match" },
    preferences,
  });
  console.log(
    "\nValue-Based Ranking (candidates that lose a defining attribute of the original, such as lactose-free" +
      " or organic, come after those that keep it, whatever their score):",
  );
  ranked.candidates.slice(0, 5).forEach((c, i) => {
    console.log(`${i + 1}. ${c.name} - ${euros(c.price)}`);
    console.log(`   Brand: ${TIER[c.brandPreference]}${c.brand ? ` (${c.brand})` : ""}`);
    console.log(`   Value: ${unitPrice(c.pricePerUnit)}`);
    console.log(
      `   Score: ${Math.round(c.valueScore * 100)}% | Recommendation: ${c.recommendation.toUpperCase()} (${RECOMMENDATION_PT[c.recommendation]})`,
    );
    console.log(`   Reason: "${c.reason}"`);
  });
  if (ranked.candidates.length === 0) console.log("  Sem alternativas disponíveis.");
  console.log(`\n${ranked.summary}`);
}
