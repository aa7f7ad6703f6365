import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogProduct } from "../../../../../dev/store/catalog";
import { type SimulatedStore, startSimulatedStore } from "../../../../../dev/store/start-simulated-store";
import {
  auchanPtSelectorRegistry,
  describeSource,
  extractedPageSchema,
  inPageExtractionExpression,
  type PageSpec,
  STORE_PAGES,
  type StorePageName,
} from "../../../../../functions/shop/adapters/store";
import { launchChromium } from "../../../../../functions/shop/adapters/store/playwright";
import { catalogProducts, productNamed } from "../../../../support/shop/catalog-fixture";
import { scaledTimeout } from "../../../../support/test-timeouts";

/**
 * The contract between the selector registry (what the tools read on the real Auchan.pt) and the
 * simulated store: on every page the tools read, in each of its known states, every selector the
 * registry names is there. Every field source counts, fallbacks included (the real pages carry them
 * too), so the simulated store cannot drift from the registry unnoticed.
 */
const registry = auchanPtSelectorRegistry();
const STORE_NOW = new Date("2026-01-13T10:15:00Z");

let store: SimulatedStore;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  store = await startSimulatedStore({ port: 0, now: () => STORE_NOW });
  browser = await launchChromium(new URL(store.url), scaledTimeout(15_000));
  const context = await browser.newContext();
  await context.addCookies([{ name: "larder-household", value: "contract", url: store.url }]);
  page = await context.newPage();
  // Playwright's own 30 s default for every wait, scaled like every other wait in the tests.
  page.setDefaultTimeout(scaledTimeout(30_000));
  const id = (name: string) => productNamed(name).productId;
  store.seedHousehold("contract", {
    cart: [
      { productId: id("batata doce auchan em cubos para cozer 400g"), quantity: 2 },
      { productId: id("leite auchan uht meio gordo slim 1l"), quantity: 6 },
      { productId: id("banana importada kg"), quantity: 1.5 },
      { productId: id("azeite virgem extra gallo 750ml"), quantity: 1 },
      { productId: id("leite mimosa uht meio gordo 6x1l"), quantity: 2 },
    ],
    orders: [
      {
        placedOn: "2026-01-02",
        lines: [
          { productId: id("leite auchan uht meio gordo slim 1l"), quantity: 6 },
          { productId: id("peito de frango auchan kg"), quantity: 1.3 },
          { productId: id("arroz carolino auchan 1kg"), quantity: 2 },
          { productId: id("banana importada kg"), quantity: 1.5 },
        ],
      },
    ],
  });
});

beforeAll(() => {
  for (const [household, kind] of Object.entries(RECOMMENDATION_CARTS)) {
    store.seedHousehold(household, { cart: [{ productId: besideA(kind, 10).productId, quantity: 1 }] });
  }
});

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

const open = async (path: string, householdId: string): Promise<void> => {
  await page.context().addCookies([{ name: "larder-household", value: householdId, url: store.url }]);
  const response = await page.goto(new URL(path, store.url).href, { waitUntil: "load" });
  expect(response?.status()).toBe(200);
};

const extract = async (spec: PageSpec) =>
  extractedPageSchema.parse(await page.evaluate(inPageExtractionExpression(spec)));

const found = (value: unknown): boolean => (Array.isArray(value) ? value.length > 0 : value !== null);

const presentOnPage = (selectors: string[]) =>
  page.evaluate((list) => list.filter((selector) => document.querySelector(selector) !== null), selectors);

/** Every selector and field source of `spec` that the page does not have, in one readable list. */
const missingSources = async (spec: PageSpec): Promise<string[]> => {
  const extracted = await extract(spec);
  const missing: string[] = [];
  const readyPresent = await presentOnPage(spec.ready.filter((marker) => !spec.empty.includes(marker)));
  for (const marker of spec.ready.filter((m) => !spec.empty.includes(m) && !readyPresent.includes(m))) {
    missing.push(`ready ${marker}`);
  }
  for (const [name, sources] of Object.entries(spec.values)) {
    sources.forEach((source, index) => {
      if (!found(extracted.values[name]?.[index])) missing.push(`value ${name}: ${describeSource(source)}`);
    });
  }
  for (const [listName, list] of Object.entries(spec.lists)) {
    const rootsPresent = await presentOnPage(list.root);
    for (const root of list.root.filter((r) => !rootsPresent.includes(r)))
      missing.push(`root ${listName}: ${root}`);
    const records = extracted.lists[listName]?.records ?? [];
    for (const [field, sources] of Object.entries(list.fields)) {
      sources.forEach((source, index) => {
        if (!records.some((record) => found(record[field]?.[index]))) {
          missing.push(`field ${listName}.${field}: ${describeSource(source)}`);
        }
      });
    }
  }
  return missing;
};

/** The pages of each registry page, filled: together they show every state a field appears in. */
const productShow = (name: string) =>
  `/on/demandware.store/Sites-AuchanPT-Site/pt_PT/Product-Show?pid=${productNamed(name).productId}`;
/**
 * A product shown beside one that `kind` picks: in the same category and among the first `shown` others
 * of it, which is what a product page's (6) and a one-line cart's (10) recommendations hold.
 */
const besideA = (kind: (product: CatalogProduct) => boolean, shown: number): CatalogProduct => {
  for (const picked of catalogProducts.filter(kind)) {
    const category = catalogProducts.filter((product) => product.categoryId === picked.categoryId);
    const neighbour = category.find((product) => product.productId !== picked.productId);
    const others = category.filter((product) => product !== neighbour).slice(0, shown);
    if (neighbour && others.includes(picked)) return neighbour;
  }
  throw new Error("no product is shown beside the kind asked for");
};
const unavailable = (product: CatalogProduct) => !product.available;
const onPromotion = (product: CatalogProduct) =>
  product.wasPriceCents !== null && product.wasPriceCents > product.priceCents;
const weighedWithMinimum = (product: CatalogProduct) => product.soldByWeight && product.minimumGrams !== null;
/** One-line carts whose recommendations show an unavailable, a promotion and a weighed tile. */
const RECOMMENDATION_CARTS = {
  "contract-rec-unavailable": unavailable,
  "contract-rec-promo": onPromotion,
  "contract-rec-kg": weighedWithMinimum,
};
const besideAnUnavailableProduct = (): string => besideA(unavailable, 6).name;
const orderDetailPath = () =>
  `/pt/detalhes-encomenda?orderID=${store.householdState("contract").orders[0]?.orderId ?? ""}`;

/** A page to open, as which household (`contract` unless named). */
type Visit = string | { path: string; household: string };

const FILLED: [StorePageName, () => Visit[]][] = [
  ["search", () => ["/pt/pesquisa?q=leite", "/pt/pesquisa?q=frango"]],
  [
    "product",
    () => [
      // on promotion; sold by weight with a minimum; unavailable
      productShow("leite mimosa uht meio gordo 6x1l"),
      productShow("frango inteiro auchan kg"),
      productShow("leite mimosa sem lactose meio gordo 1l"),
      productShow(besideAnUnavailableProduct()),
    ],
  ],
  [
    "cart",
    () => [
      "/pt/carrinho-compras",
      ...Object.keys(RECOMMENDATION_CARTS).map((household) => ({ path: "/pt/carrinho-compras", household })),
    ],
  ],
  ["orders", () => ["/pt/historico-encomendas"]],
  ["orderDetail", () => [orderDetailPath()]],
  ["deliverySlots", () => ["/on/demandware.store/Sites-AuchanPT-Site/pt_PT/Delivery-BookDelivery"]],
];

/** What none of the pages has: a source present on any one of them counts as present. */
const missingOnAll = async (spec: PageSpec, visits: Visit[]): Promise<string[]> => {
  let missing: string[] | undefined;
  for (const visit of visits) {
    if (typeof visit === "string") await open(visit, "contract");
    else await open(visit.path, visit.household);
    const here = await missingSources(spec);
    missing = missing === undefined ? here : missing.filter((entry) => here.includes(entry));
  }
  return missing ?? [];
};

describe("the simulated store renders every selector the registry needs", () => {
  it("covers every page of the registry", () => {
    expect(FILLED.map(([name]) => name).sort()).toEqual([...STORE_PAGES].sort());
  });

  it.each(FILLED)(
    "%s: every ready marker, list root and field source is on the page",
    async (name, paths) => {
      expect(await missingOnAll(registry[name], paths())).toEqual([]);
    },
  );

  it.each([
    ["cart", "/pt/carrinho-compras"],
    ["orders", "/pt/historico-encomendas"],
  ] as const)("%s, empty: the empty marker is there and no record is", async (name, path) => {
    await open(path, "contract-empty");
    const spec = registry[name];
    const extracted = await extract(spec);
    expect(extracted.emptyMarker).toBe(spec.empty[0]);
    for (const list of Object.values(extracted.lists)) expect(list.records).toEqual([]);
  });

  it("search, no results: the no-results marker is there and no tile is", async () => {
    await open("/pt/pesquisa?q=zzzznadaquiseencontra", "contract");
    const extracted = await extract(registry.search);
    expect(extracted.emptyMarker).toBe(registry.search.empty[0]);
    expect(extracted.lists.tiles?.records).toEqual([]);
  });
});
