/**
 * Store tools in real Chromium (@sparticuz/chromium via playwright-core) against the simulated store:
 * browser launch, pages per second for search and cart scan, and a fresh browser context per call
 * against one reused context.   npx tsx bench/store-browser.ts
 */
import "../dev/polyfills";
import sparticuzChromium from "@sparticuz/chromium";
import { loadCatalog } from "../dev/store/catalog";
import { startSimulatedStore } from "../dev/store/start-simulated-store";
import { createStoreTools } from "../functions/shop/adapters/store";
import { createPlaywrightStoreBrowser, launchChromium } from "../functions/shop/adapters/store/playwright";
import { median, percentile } from "./lib/stats";

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const timed = async (run: () => Promise<unknown>): Promise<number> => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};
const row = (label: string, samples: number[]) =>
  `| ${label} | ${samples.length} | ${median(samples).toFixed(1)} | ${percentile(samples, 95).toFixed(1)} | ${(1000 / median(samples)).toFixed(1)} |`;

const store = await startSimulatedStore({ port: 0 });
const storeUrl = new URL(store.url);
const catalog = loadCatalog();
const cartProducts = catalog.products.filter((_product, index) => index % 40 === 0).slice(0, 12);
const orderProducts = catalog.products.filter((_product, index) => index % 23 === 0).slice(0, 20);
store.seedHousehold("bench", {
  cart: cartProducts.map((p) => ({ productId: p.productId, quantity: 1 })),
  orders: ["2026-01-02", "2025-12-20", "2025-12-06", "2025-11-22", "2025-11-08"].map((placedOn) => ({
    placedOn,
    lines: orderProducts.map((p) => ({ productId: p.productId, quantity: 1 })),
  })),
});

const extractStarted = performance.now();
await sparticuzChromium.executablePath();
const extractMs = performance.now() - extractStarted;

const launches: number[] = [];
let chromiumVersion = "";
for (let i = 0; i < 5; i++) {
  const started = performance.now();
  const launched = await launchChromium(storeUrl, 15_000);
  launches.push(performance.now() - started);
  chromiumVersion = launched.version();
  await launched.close();
}

// The store's own share: the same search pages fetched without a browser.
const plainFetch: number[] = [];
for (let i = 0; i < RUNS; i++) {
  plainFetch.push(
    await timed(async () => (await fetch(`${store.url}/pt/pesquisa?q=leite&start=0&sz=24`)).text()),
  );
}

const browser = createPlaywrightStoreBrowser({ storeUrl, timeoutMs: 15_000 });
const firstCallMs = await timed(() =>
  createStoreTools({ browser, storeUrl, householdId: "warm" }).scanCart(),
);

const queries = [
  "leite",
  "batata doce",
  "iogurte",
  "fiambre",
  "arroz",
  "azeite",
  "cerveja",
  "queijo",
  "água",
  "café",
];
const tools = createStoreTools({ browser, storeUrl, householdId: "bench" });
await tools.scanCart(); // warm the context
const search: number[] = [];
for (let i = 0; i < RUNS; i++)
  search.push(await timed(() => tools.searchProducts({ query: queries[i % queries.length] ?? "leite" })));
const cart: number[] = [];
for (let i = 0; i < RUNS; i++) cart.push(await timed(() => tools.scanCart()));
const product: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const id = catalog.products[(i * 17) % catalog.products.length]?.productId ?? "3010403";
  product.push(await timed(() => tools.extractProductInfo({ productId: id })));
}
const orders: number[] = [];
for (let i = 0; i < RUNS; i++)
  orders.push(await timed(() => tools.listPastOrders({ linesForRecentOrders: 0 })));
const ordersWithLines: number[] = [];
for (let i = 0; i < RUNS; i++) ordersWithLines.push(await timed(() => tools.listPastOrders()));
const slots: number[] = [];
for (let i = 0; i < RUNS; i++) slots.push(await timed(() => tools.listDeliverySlots()));
const fresh: number[] = [];
for (let i = 0; i < RUNS; i++) {
  fresh.push(
    await timed(async () => {
      const perCall = createStoreTools({ browser, storeUrl, householdId: "bench" });
      await perCall.scanCart();
      await perCall.close();
    }),
  );
}
await tools.close();
await browser.close();
await store.close();

console.log(
  `Store tools in Chromium ${chromiumVersion} (Node ${process.version}), ${RUNS} runs each, simulated store on loopback\n`,
);
console.log(
  `- executablePath(): ${extractMs.toFixed(0)} ms (extracts to /tmp on a container's first call; near 0 once extracted)`,
);
console.log(
  `- launch + close, median of 5: ${median(launches).toFixed(0)} ms (p95 ${percentile(launches, 95).toFixed(0)})`,
);
console.log(`- first tool call on a cold browser (launch + context + page): ${firstCallMs.toFixed(0)} ms\n`);
console.log("| call | runs | median ms | p95 ms | per second |");
console.log("|---|---:|---:|---:|---:|");
console.log(row("HTTP fetch of a results page, no browser (the store's own share)", plainFetch));
console.log(row("searchProducts (one results page, 24 tiles)", search));
console.log(row("scanCart (12 lines), reused context", cart));
console.log(row("extractProductInfo (product page + 6 recommendations)", product));
console.log(row("listPastOrders (5 orders), history only", orders));
console.log(
  row(
    "listPastOrders, default: history + the 3 latest orders' detail pages (20 lines each)",
    ordersWithLines,
  ),
);
console.log(row("listDeliverySlots (cart, then the booking page: 7 days)", slots));
console.log(row("scanCart with a fresh context per call (open + read + close)", fresh));
console.log(
  `\nFresh context per call costs ${(median(fresh) - median(cart)).toFixed(1)} ms more than a reused one.`,
);
