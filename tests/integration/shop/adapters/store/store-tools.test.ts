import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jsonLdFormOf } from "../../../../../dev/store/render/product-page";
import { type SimulatedStore, startSimulatedStore } from "../../../../../dev/store/start-simulated-store";
import { DomainRefusedError, NotFoundError, ValidationError } from "../../../../../functions/core/errors";
import type { StoreBrowser } from "../../../../../functions/shop/adapters/store";
import {
  auchanPtSelectorRegistry,
  buildSelectorRegistry,
  createStoreTools,
  StoreActionForbiddenError,
  StorePageChangedError,
  type StoreTools,
  StoreUnreachableError,
} from "../../../../../functions/shop/adapters/store";
import { createPlaywrightStoreBrowser } from "../../../../../functions/shop/adapters/store/playwright";
import auchanPtRegistryData from "../../../../../functions/shop/adapters/store/selectors/auchan-pt.json";
import { catalogProducts, productNamed } from "../../../../support/shop/catalog-fixture";
import { scaledTimeout } from "../../../../support/test-timeouts";

// A fixed clock: Tuesday 13 January 2026, 10:15 in Lisbon (Tuesdays have a free afternoon window).
const STORE_NOW = new Date("2026-01-13T10:15:00Z");

let store: SimulatedStore;
let browser: StoreBrowser;
const openTools: StoreTools[] = [];
const extraBrowsers: StoreBrowser[] = [];

/** Tools for one household; a custom timeout gets its own browser (closed after the file). */
const toolsFor = (householdId: string, timeoutMs?: number): StoreTools => {
  const storeUrl = new URL(store.url);
  let toolsBrowser = browser;
  if (timeoutMs) {
    toolsBrowser = createPlaywrightStoreBrowser({ storeUrl, timeoutMs });
    extraBrowsers.push(toolsBrowser);
  }
  const tools = createStoreTools({ browser: toolsBrowser, storeUrl, householdId });
  openTools.push(tools);
  return tools;
};

beforeAll(async () => {
  store = await startSimulatedStore({ port: 0, now: () => STORE_NOW });
  browser = createPlaywrightStoreBrowser({ storeUrl: new URL(store.url), timeoutMs: scaledTimeout(10_000) });
});

beforeEach(() => {
  store.reset();
});

afterAll(async () => {
  await Promise.all(openTools.map((tools) => tools.close()));
  await Promise.all([browser, ...extraBrowsers].map((b) => b?.close()));
  await store?.close();
});

const seedCartWith = (householdId: string, lines: [name: string, quantity: number][]) =>
  store.seedHousehold(householdId, {
    cart: lines.map(([name, quantity]) => ({ productId: productNamed(name).productId, quantity })),
  });

describe("reading a server-rendered page from its HTML, without rendering it", () => {
  const spec = auchanPtSelectorRegistry().search;
  const searchUrl = (params: Record<string, string>) =>
    `${new URL("/pt/pesquisa", store.url).href}?${new URLSearchParams(params).toString()}`;

  it.each([
    ["results", { q: "leite" }],
    ["results filtered by brand", { q: "leite", prefn1: "brand", prefv1: "AUCHAN" }],
    ["a second page", { q: "leite", start: "5", sz: "5" }],
    ["no results", { q: "zzzz inexistente" }],
  ])(
    "reads the same values, tiles and markers as opening the page in the browser (%s)",
    async (_, params) => {
      seedCartWith("html-read", []);
      const session = await browser.openSession({
        cookies: [{ name: "larder-household", value: "html-read", url: store.url }],
      });
      try {
        const url = searchUrl(params);
        const rendered = await session.readPage(url, spec);
        const fromHtml = await session.readPage(url, spec, { serverRendered: true });
        expect(fromHtml).toEqual(rendered);
        // The case read what it names: tiles, or the no-results marker.
        if (params.q === "zzzz inexistente") expect(rendered.emptyMarker).not.toBeNull();
        else expect(rendered.lists.tiles?.records.length).toBeGreaterThan(0);
      } finally {
        await session.close();
      }
    },
  );
});

describe("searchProducts in real Chromium against the simulated store", () => {
  it("returns the seed's candidate fields for every product, with unit prices that agree with the site", async () => {
    const result = await toolsFor("search-fields").searchProducts({ query: "batata doce cubos congelada" });
    expect(result.products.length).toBe(6);
    for (const product of result.products) {
      const expected = productNamed(product.name);
      expect(product).toMatchObject({
        productId: expected.productId,
        price: expected.priceCents / 100,
        pricePerUnit: expected.unitPriceLabel,
        brand: expected.brand,
        size: expected.size,
        available: expected.available,
        priceCents: expected.priceCents,
        categoryPath: ["alimentação", "congelados", "legumes-congelados", "legumes-e-batatas"],
      });
      expect(product.unitPriceCheck.status).toBe("agrees");
      expect(product.unitPrice?.per).toBe("kg");
      expect(product.url).toMatch(new RegExp(`/pt/alimentacao/congelados/.+/${expected.productId}\\.html$`));
    }
  });

  it("finds only the unavailable item itself for the seed's too-literal query", async () => {
    const tools = toolsFor("search-literal");
    const literal = await tools.searchProducts({ query: "batata doce auchan em cubos para cozer" });
    expect(literal.products.map((p) => [p.name, p.available])).toEqual([
      ["batata doce auchan em cubos para cozer 400g", false],
    ]);
    const availableOnly = await tools.searchProducts({
      query: "batata doce auchan em cubos para cozer",
      availableOnly: true,
    });
    expect(availableOnly.products).toEqual([]);
  });

  it("sorts by unit price with the site's price-and-capacity rule", async () => {
    const result = await toolsFor("search-sort").searchProducts({
      query: "leite",
      sort: "unit-price",
      maxResults: 40,
    });
    const unitPrices = result.products.map((p) => p.unitPrice?.amountCents ?? Number.NaN);
    expect(unitPrices.length).toBeGreaterThan(10);
    expect(unitPrices).toEqual([...unitPrices].sort((a, b) => a - b));
  });

  it("narrows to one brand with the brand facet", async () => {
    const tools = toolsFor("search-brand");
    const all = await tools.searchProducts({ query: "requeijão", maxResults: 50 });
    const auchanOnly = await tools.searchProducts({ query: "requeijão", brand: "auchan", maxResults: 50 });
    expect(new Set(all.products.map((p) => p.brand)).size).toBeGreaterThan(2);
    expect(auchanOnly.products.length).toBeGreaterThan(0);
    expect(auchanOnly.products.every((p) => p.brand === "AUCHAN")).toBe(true);
  });

  it("follows start/sz paging until maxResults, matching one big page", async () => {
    const tools = toolsFor("search-paging");
    const paged = await tools.searchProducts({ query: "leite", pageSize: 5, maxResults: 12 });
    const single = await tools.searchProducts({ query: "leite", pageSize: 48, maxResults: 12 });
    expect(paged.pagesRead).toBe(3);
    expect(paged.nextStart).toBe(12);
    expect(paged.products.map((p) => p.productId)).toEqual(single.products.map((p) => p.productId));
    expect(new Set(paged.products.map((p) => p.productId)).size).toBe(12);
  });

  it("drops unavailable tiles with availableOnly and keeps paging to fill maxResults", async () => {
    const result = await toolsFor("search-available").searchProducts({
      query: "requeijão ovelha",
      availableOnly: true,
      pageSize: 2,
    });
    expect(result.products.length).toBe(4);
    expect(result.products.every((p) => p.available)).toBe(true);
  });

  it("reads sold-by-weight tiles: price per kg, minimum quantity and step", async () => {
    const result = await toolsFor("search-weight").searchProducts({ query: "peito de frango auchan" });
    const chicken = result.products.find((p) => p.name === "peito de frango auchan kg");
    expect(chicken).toMatchObject({
      soldByWeight: true,
      priceCents: 699,
      unitPrice: { amountCents: 699, per: "kg", source: "computed" },
      minimumQuantityKg: 0.25,
      quantityStepKg: 0.25,
    });
    expect(chicken?.size).toBeUndefined();
  });

  it("answers an empty list when the site says there are no results", async () => {
    const result = await toolsFor("search-none").searchProducts({ query: "xyzzy inexistente" });
    expect(result.products).toEqual([]);
    expect(result.pagesRead).toBe(1);
  });
});

describe("scanCart", () => {
  it("reads quantities, prices and availability, with a Substituir link on unavailable lines", async () => {
    seedCartWith("cart-scan", [
      ["batata doce auchan em cubos para cozer 400g", 2],
      ["fiambre da pá auchan fatias 200g", 1],
      ["leite auchan uht meio gordo slim 1l", 6],
      ["banana importada kg", 1.5],
    ]);
    const { items, unavailableCount, availableTotalCents } = await toolsFor("cart-scan").scanCart();
    expect(items.map((i) => [i.name, i.quantity, i.quantityUnit, i.available])).toEqual([
      ["batata doce auchan em cubos para cozer 400g", 2, "un", false],
      ["fiambre da pá auchan fatias 200g", 1, "un", false],
      ["leite auchan uht meio gordo slim 1l", 6, "un", true],
      ["banana importada kg", 1.5, "kg", true],
    ]);
    expect(unavailableCount).toBe(2);
    const milk = items[2];
    expect(milk).toMatchObject({
      priceCents: 86,
      lineTotalCents: 516,
      pricePerUnit: "0.86 €/Lt",
      brand: "AUCHAN",
    });
    expect(items[3]).toMatchObject({ soldByWeight: true, priceCents: 129, lineTotalCents: 194 });
    expect(availableTotalCents).toBe(516 + 194);
    expect(items[0]?.replacementUrl).toMatch(
      /\/pt\/alimentacao\/congelados\/legumes-congelados\/legumes-e-batatas\/$/,
    );
    expect(milk?.replacementUrl).toBeUndefined();
  });

  it("reads promotion lines' totals before the discount and each line's uuid", async () => {
    const promo = catalogProducts.find(
      (product) => product.available && !product.soldByWeight && product.wasPriceCents !== null,
    );
    if (!promo) throw new Error("the catalog has no promotion to test with");
    store.seedHousehold("cart-promo", { cart: [{ productId: promo.productId, quantity: 2 }] });
    const [line] = (await toolsFor("cart-promo").scanCart()).items;
    expect(line).toMatchObject({
      productId: promo.productId,
      quantity: 2,
      lineTotalCents: 2 * promo.priceCents,
      wasLineTotalCents: 2 * (promo.wasPriceCents ?? 0),
      promotion: { wasPriceCents: promo.wasPriceCents },
      lineUuid: store.householdState("cart-promo").cart[0]?.uuid,
    });
  });

  it("reads the cart's recommendations carousel: products of the cart's categories not already in it", async () => {
    seedCartWith("cart-recommendations", [
      ["leite auchan uht meio gordo slim 1l", 6],
      ["banana importada kg", 1.5],
    ]);
    const { items, recommendations } = await toolsFor("cart-recommendations").scanCart();
    expect(recommendations.length).toBeGreaterThan(0);
    const inCart = new Set(items.map((item) => item.productId));
    const categories = new Set(items.map((item) => item.categoryPath.join("/")));
    for (const product of recommendations) {
      expect(inCart.has(product.productId)).toBe(false);
      expect(categories.has(product.categoryPath.join("/"))).toBe(true);
    }
  });

  it("returns no items for an empty cart", async () => {
    expect(await toolsFor("cart-empty").scanCart()).toEqual({
      items: [],
      recommendations: [],
      unavailableCount: 0,
      availableTotalCents: 0,
    });
  });

  it("keeps households apart: each gets its own browser context and cart", async () => {
    seedCartWith("household-a", [["arroz carolino auchan 1kg", 1]]);
    seedCartWith("household-b", [["azeite virgem extra gallo 750ml", 2]]);
    const [a, b] = await Promise.all([
      toolsFor("household-a").scanCart(),
      toolsFor("household-b").scanCart(),
    ]);
    expect(a.items.map((i) => i.name)).toEqual(["arroz carolino auchan 1kg"]);
    expect(b.items.map((i) => i.name)).toEqual(["azeite virgem extra gallo 750ml"]);
  });
});

describe("visible pt-PT text as the fallback", () => {
  /** The registry with the cart's and tiles' machine-readable price sources dropped: text only. */
  const textOnlyRegistry = () => {
    const data = structuredClone(auchanPtRegistryData);
    const lineFields = data.pages.cart.lists.lines.fields;
    lineFields.gtm = [{ attribute: "data-no-such-attribute" }];
    lineFields.lineTotal = [{ selector: ".auc-cart--price" }];
    const tileFields = data.fieldSets.productTile;
    tileFields.gtm = [{ attribute: "data-no-such-attribute" }];
    tileFields.gtmNew = [{ attribute: "data-no-such-attribute" }];
    tileFields.price = [{ selector: ".auc-product-tile__prices .sales .value" }];
    return buildSelectorRegistry(data);
  };

  it("reads prices and line totals from their visible pt-PT text when no machine-readable source is read", async () => {
    seedCartWith("text-only", [
      ["leite auchan uht meio gordo slim 1l", 6],
      ["banana importada kg", 1.5],
      ["azeite virgem extra gallo 750ml", 2],
    ]);
    const storeUrl = new URL(store.url);
    const machine = await toolsFor("text-only").scanCart();
    const textOnly = createStoreTools({
      browser,
      storeUrl,
      householdId: "text-only",
      registry: textOnlyRegistry(),
    });
    openTools.push(textOnly);
    const visible = await textOnly.scanCart();
    const prices = (items: typeof machine.items) =>
      items.map((i) => [i.name, i.priceCents, i.lineTotalCents, i.soldByWeight]);
    expect(prices(visible.items)).toEqual(prices(machine.items));
    const tiles = await textOnly.searchProducts({ query: "peito de frango" });
    expect(tiles.products.map((p) => [p.name, p.priceCents])).toEqual(
      tiles.products.map((p) => [p.name, productNamed(p.name).priceCents]),
    );
    expect(tiles.products.length).toBeGreaterThan(1);
  });
});

describe("extractProductInfo", () => {
  it("reads a product page: JSON-LD, pack size, category and recommendations", async () => {
    const tools = toolsFor("product-page");
    const search = await tools.searchProducts({ query: "fiambre da pá nobre" });
    const tileUrl = search.products[0]?.url ?? "";
    const { product, addToCartUrl } = await tools.extractProductInfo({ url: tileUrl });
    const expected = productNamed("fiambre da pá fatiado nobre 200g");
    expect(product).toMatchObject({
      productId: expected.productId,
      name: expected.name,
      brand: "NOBRE",
      gtin: expected.gtin,
      size: "200g",
      priceCents: 249,
      promotion: { wasPriceCents: 289 },
      available: true,
      categoryPath: ["alimentação", "charcutaria", "fiambres", "fiambre-fatiado"],
    });
    expect(product.recommendations.length).toBeGreaterThan(0);
    expect(product.recommendations.every((r) => r.productId !== expected.productId)).toBe(true);
    expect(addToCartUrl).toMatch(/Cart-AddProduct$/);
  });

  it("reads the JSON-LD Product whichever way the page writes its objects (array, one after another, separate)", async () => {
    const tools = toolsFor("product-json-ld");
    for (const form of ["array", "concatenated", "separate"] as const) {
      const expected = catalogProducts.find((p) => jsonLdFormOf(p) === form && p.available);
      if (!expected) throw new Error(`the catalog has no product page with ${form} JSON-LD`);
      const { product } = await tools.extractProductInfo({ productId: expected.productId });
      // The GTIN is only in the JSON-LD, so reading it proves the script was parsed.
      expect({ form, gtin: product.gtin }).toEqual({ form, gtin: expected.gtin });
    }
  });

  it("opens a product by id and reports an unavailable one as such", async () => {
    const expected = productNamed("requeijão de ovelha auchan à mesa em portugal cultivamos o bom seia 200g");
    const { product } = await toolsFor("product-by-id").extractProductInfo({ productId: expected.productId });
    expect(product).toMatchObject({ productId: expected.productId, available: false, brand: "AUCHAN" });
  });

  it("flags a stale unit price on the site that disagrees with price and size", async () => {
    const stale = productNamed("néctar de laranja compal clássico 1l");
    const { product } = await toolsFor("product-stale").extractProductInfo({ productId: stale.productId });
    expect(product.unitPriceCheck).toMatchObject({
      status: "disagrees",
      computedAmountCents: 199,
      siteAmountCents: 179,
    });
    expect(product.unitPrice).toEqual({ amountCents: 199, per: "l", source: "computed" });
  });

  it("answers NotFoundError for a product the store does not have", async () => {
    await expect(
      toolsFor("product-missing").extractProductInfo({ productId: "9999999" }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it("refuses at once a store URL that is not a product page (search, listing, cart, home), naming url", async () => {
    // A store timeout of an hour: a tool that waited for product markers that never come would run into
    // the test's timeout instead of refusing.
    const tools = toolsFor("product-not-a-product", 3_600_000);
    for (const path of [
      "/pt/pesquisa?q=leite",
      "/pt/alimentacao/charcutaria",
      "/pt/carrinho-compras",
      "/pt",
    ]) {
      const error = await tools.extractProductInfo({ url: `${store.url}${path}` }).catch((e: unknown) => e);
      expect({ path, error }).toMatchObject({ path, error: expect.any(ValidationError) });
      expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual(["url"]);
    }
  });

  it("refuses a URL outside the store", async () => {
    await expect(
      toolsFor("product-offsite").extractProductInfo({ url: "https://example.com/pt/x/1.html" }),
    ).rejects.toBeInstanceOf(StoreActionForbiddenError);
  });
});

describe("listPastOrders", () => {
  it("reads each order's number, date and total from the history and its lines from its detail page, newest first", async () => {
    const milk = productNamed("leite auchan uht meio gordo slim 1l");
    const rice = productNamed("arroz carolino auchan 1kg");
    store.seedHousehold("orders", {
      orders: [
        { placedOn: "2025-12-20", lines: [{ productId: milk.productId, quantity: 6 }] },
        {
          placedOn: "2026-01-03",
          lines: [
            { productId: milk.productId, quantity: 4 },
            { productId: rice.productId, quantity: 2 },
          ],
        },
      ],
    });
    const { orders } = await toolsFor("orders").listPastOrders();
    // The simulated store charges 5,99 € delivery on every past order; the total is the grand total.
    expect(orders.map((o) => [o.placedOn, o.totalCents, o.itemCount, o.lines.length])).toEqual([
      ["2026-01-03", 4 * 86 + 2 * 139 + 599, 2, 2],
      ["2025-12-20", 6 * 86 + 599, 1, 1],
    ]);
    expect(orders[0]?.lines[1]).toMatchObject({
      productId: rice.productId,
      name: rice.name,
      quantity: 2,
      quantityUnit: "un",
      priceCents: 139,
    });
    expect(orders[0]).toMatchObject({
      orderNumber: expect.stringMatching(/^\d{9}$/),
      placedAt: "2026-01-03T10:00:00+00:00",
      status: "Entregue",
    });
    expect(orders[0]?.detailUrl).toBe(`${store.url}/pt/detalhes-encomenda?orderID=${orders[0]?.orderId}`);
  });

  it("leaves the lines of older orders unread unless asked, and reads none when asked for none", async () => {
    const milk = productNamed("leite auchan uht meio gordo slim 1l");
    store.seedHousehold("orders-lines", {
      orders: ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04"].map((placedOn) => ({
        placedOn,
        lines: [{ productId: milk.productId, quantity: 1 }],
      })),
    });
    const tools = toolsFor("orders-lines");
    expect((await tools.listPastOrders()).orders.map((o) => o.lines.length)).toEqual([1, 1, 1, 0]);
    const none = await tools.listPastOrders({ linesForRecentOrders: 0 });
    expect(none.orders.map((o) => o.lines.length)).toEqual([0, 0, 0, 0]);
    expect(none.orders.every((o) => o.orderId && o.totalCents === 86 + 599)).toBe(true);
  });

  it("returns no orders for a household that never ordered", async () => {
    expect((await toolsFor("orders-none").listPastOrders()).orders).toEqual([]);
  });
});

describe("getOrderDetail", () => {
  it("reads what was bought, units and kg, with the delivery window, status and totals", async () => {
    const milk = productNamed("leite auchan uht meio gordo slim 1l");
    const chicken = productNamed("peito de frango auchan kg");
    const rice = productNamed("arroz carolino auchan 1kg");
    const banana = productNamed("banana importada kg");
    store.seedHousehold("order-detail", {
      orders: [
        {
          placedOn: "2026-01-02",
          lines: [
            { productId: milk.productId, quantity: 6 },
            { productId: chicken.productId, quantity: 1.3 },
            { productId: rice.productId, quantity: 2 },
            { productId: banana.productId, quantity: 1.5 },
          ],
        },
      ],
    });
    const tools = toolsFor("order-detail");
    const [listed] = (await tools.listPastOrders({ linesForRecentOrders: 0 })).orders;
    const { order } = await tools.getOrderDetail({ orderId: listed?.orderId ?? "" });
    // The fourth line sits in the "Ver todos" accordion, as on the site: it is read all the same.
    expect(order.lines.map((line) => [line.productId, line.quantity, line.quantityUnit])).toEqual([
      [milk.productId, 6, "un"],
      [chicken.productId, 1.3, "kg"],
      [rice.productId, 2, "un"],
      [banana.productId, 1.5, "kg"],
    ]);
    expect(order.lines[0]).toMatchObject({ name: milk.name, priceCents: 86 });
    const productsCents = 6 * 86 + Math.round(1.3 * chicken.priceCents) + 2 * 139 + Math.round(1.5 * 129);
    expect(order).toMatchObject({
      orderId: listed?.orderId,
      orderNumber: listed?.orderNumber,
      placedOn: "2026-01-02",
      status: "Entregue",
      itemCount: 4,
      deliveryStart: "2026-01-03T18:30:00+00:00",
      deliveryEnd: "2026-01-03T20:30:00+00:00",
      productsTotalCents: productsCents,
      shippingCents: 599,
      totalCents: productsCents + 599,
    });
  });

  it("answers NotFoundError for an order id the household does not have", async () => {
    await expect(
      toolsFor("order-detail-none").getOrderDetail({ orderId: "0000-not-an-order" }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it("refuses an order id that is not one before opening a browser", async () => {
    await expect(
      toolsFor("order-detail-bad").getOrderDetail({ orderId: "../../pt/finalizar-compra" }),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});

describe("listDeliverySlots", () => {
  it("finds no slots for an empty cart: a shopper cannot reach the booking page from it", async () => {
    expect(await toolsFor("slots-empty-cart").listDeliverySlots()).toEqual({ slots: [], cartEmpty: true });
  });

  it("lists free, paid, express, full and after-cutoff slots, with the day warning, and books nothing", async () => {
    seedCartWith("slots", [
      ["fiambre da pá auchan fatias 200g", 1],
      ["leite auchan uht meio gordo slim 1l", 2],
    ]);
    const { slots } = await toolsFor("slots").listDeliverySlots();
    expect(new Set(slots.map((s) => s.date)).size).toBe(7);
    expect(slots[0]).toMatchObject({
      date: "2026-01-13",
      express: true,
      time: "11:00 - 13:00",
      priceCents: 799,
    });
    expect(slots.some((s) => s.isFree && s.priceCents === 0 && s.bookable)).toBe(true);
    expect(slots.some((s) => !s.isFree && s.priceCents > 0 && s.bookable)).toBe(true);
    expect(slots.some((s) => s.full && !s.bookable)).toBe(true);
    const todaysRegular = slots.filter((s) => s.date === "2026-01-13" && !s.express);
    expect(todaysRegular.find((s) => s.time === "09:00 - 11:00")).toMatchObject({
      afterCutoff: true,
      bookable: false,
    });
    expect(todaysRegular.find((s) => s.time === "17:00 - 19:00")?.afterCutoff).toBe(false);
    expect(slots.filter((s) => s.dayWarning).map((s) => s.date)).toContain("2026-01-14");
    expect(slots.find((s) => s.date === "2026-01-16")?.dayWarning).toBeUndefined();
    expect(slots.filter((s) => s.date === "2026-01-13").every((s) => s.dayLabel === "Hoje")).toBe(true);
    expect(slots.find((s) => s.date === "2026-01-14")?.dayLabel).toBe("Amanhã");
    expect(slots.find((s) => s.date === "2026-01-16")?.dayLabel).toBe("Sexta-feira");
    expect(new Set(slots.map((s) => s.slotId)).size).toBe(slots.length);
    expect(store.householdState("slots").slotBookingAttempts).toBe(0);
  });
});

describe("addToCart and removeFromCart", () => {
  it("adds through the page's own endpoint, then removes the line", async () => {
    const tools = toolsFor("cart-edit");
    const rice = productNamed("arroz carolino auchan 1kg");
    const chicken = productNamed("peito de frango auchan kg");
    expect(await tools.addToCart({ productId: rice.productId, quantity: 2 })).toMatchObject({
      cartQuantityTotal: 1,
    });
    await tools.addToCart({ productId: chicken.productId, quantity: 0.75 });
    const afterAdd = await tools.scanCart();
    expect(afterAdd.items.map((i) => [i.productId, i.quantity])).toEqual([
      [rice.productId, 2],
      [chicken.productId, 0.75],
    ]);
    await tools.removeFromCart({ productId: rice.productId });
    expect((await tools.scanCart()).items.map((i) => i.productId)).toEqual([chicken.productId]);
  });

  it("refuses an unavailable product and a weight that breaks the step", async () => {
    const tools = toolsFor("cart-refusals");
    const unavailable = productNamed("fiambre da pá auchan fatias 200g");
    const chicken = productNamed("peito de frango auchan kg");
    await expect(tools.addToCart({ productId: unavailable.productId, quantity: 1 })).rejects.toBeInstanceOf(
      DomainRefusedError,
    );
    await expect(tools.addToCart({ productId: chicken.productId, quantity: 0.3 })).rejects.toBeInstanceOf(
      DomainRefusedError,
    );
    expect(store.householdState("cart-refusals").cart).toEqual([]);
  });

  it("answers NotFoundError when removing a product that is not in the cart", async () => {
    await expect(
      toolsFor("cart-remove-missing").removeFromCart({ productId: "3010403" }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it("never reaches checkout or slot booking, even when asked directly", async () => {
    const storeUrl = new URL(store.url);
    const session = await browser.openSession({ cookies: [] });
    try {
      await expect(
        session.sendForm({
          method: "POST",
          url: `${store.url}/on/demandware.store/Sites-AuchanPT-Site/pt_PT/Delivery-BookSlot`,
          form: {},
        }),
      ).rejects.toBeInstanceOf(StoreActionForbiddenError);
      await expect(
        // Shaped like a product page, so only the forbidden-action guard stands between it and checkout.
        toolsFor("no-checkout").extractProductInfo({
          url: new URL("/pt/finalizar-compra/3010403.html", storeUrl).href,
        }),
      ).rejects.toBeInstanceOf(StoreActionForbiddenError);
      expect(store.householdState("no-checkout").checkoutAttempts).toBe(0);
    } finally {
      await session.close();
    }
  });
});

describe("pages that no longer match, and an unreachable store", () => {
  it("raises StorePageChangedError naming the tile selectors and the URL after a redesign", async () => {
    store.setLayout("changed");
    const error = await toolsFor("redesign-search")
      .searchProducts({ query: "leite" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorePageChangedError);
    const changed = error as StorePageChangedError;
    expect(changed.selectors).toContain(".product-grid .product-tile[data-pid]");
    expect(changed.url).toContain("/pt/pesquisa?q=leite");
    expect(changed.message).toContain("search/");
  });

  it("raises StorePageChangedError naming the page markers when the cart page is unrecognisable", async () => {
    store.setLayout("changed");
    // A store timeout of a minute (scaled, half the test's): a scan that waited for markers that never come
    // would run into it, and the elapsed time would show it; only the page's short grace may pass.
    const storeTimeoutMs = scaledTimeout(60_000);
    const started = Date.now();
    const error = await toolsFor("redesign-cart", storeTimeoutMs)
      .scanCart()
      .catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(storeTimeoutMs);
    expect(error).toBeInstanceOf(StorePageChangedError);
    expect((error as StorePageChangedError).selectors).toEqual(auchanPtSelectorRegistry().cart.ready);
    expect((error as StorePageChangedError).message).toContain("none of its known states");
    expect((error as StorePageChangedError).url).toMatch(/\/pt\/carrinho-compras$/);
  });

  it("raises StoreUnreachableError when nothing listens at STORE_URL", async () => {
    const gone = await startSimulatedStore({ port: 0 });
    const goneUrl = new URL(gone.url);
    await gone.close();
    const tools = createStoreTools({ browser, storeUrl: goneUrl, householdId: "unreachable" });
    openTools.push(tools);
    const error = await tools.scanCart().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnreachableError);
    expect((error as Error).message).toMatch(/connection refused/);
  });
});
