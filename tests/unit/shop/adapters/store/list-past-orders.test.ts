import { describe, expect, it } from "vitest";
import type { RawPage } from "../../../../../functions/shop/adapters/store/extraction/page-extraction";
import { StorePageChangedError } from "../../../../../functions/shop/adapters/store/store-errors";
import {
  getOrderDetail,
  parseOrderLineQuantity,
  productIdFromUrl,
} from "../../../../../functions/shop/adapters/store/tools/get-order-detail";
import {
  listPastOrders,
  parseOrderDate,
} from "../../../../../functions/shop/adapters/store/tools/list-past-orders";
import {
  contextWith,
  FakeStoreSession,
  rawPage,
  rawRecord,
} from "../../../../support/shop/fake-store-session";

const HISTORY = "http://store.test/pt/historico-encomendas";
const detailUrl = (id: string) => `http://store.test/pt/detalhes-encomenda?orderID=${id}`;

/** The order history as the real page gives it: number, `data-date`, "N Produtos", total, link. */
const historyPage = (url: URL): RawPage =>
  rawPage({
    url: url.href,
    lists: {
      orders: {
        rootSelector: ".auc-orders .auc-orders__order-summary",
        records: [
          rawRecord({
            orderNumber: "001234567",
            date: "2026-01-02T14:00:30+00:00",
            itemCount: "38 Produtos",
            total: "105,99 €",
            href: "/pt/detalhes-encomenda?orderID=0f1e2d3c-4b5a",
          }),
          rawRecord({
            orderNumber: "001234500",
            date: "2025-07-31T23:30:00+00:00",
            itemCount: "12 Produtos",
            total: "50,00 €",
            href: "/pt/detalhes-encomenda?orderID=9a8b7c6d-5e4f",
          }),
        ],
      },
    },
  });

/** An order detail page: `x2`, `1.3Kg` and an `x0` line (ordered, not supplied). */
const detailPage = (url: URL): RawPage =>
  rawPage({
    url: url.href,
    values: rawRecord({
      orderNumber: "001234567",
      date: "2026-01-02T14:00:30+00:00",
      itemCount: "2 Produtos",
      status: "Entregue",
      deliveryStart: "2026-01-02T18:30:00+00:00",
      deliveryEnd: "2026-01-02T20:30:00+00:00",
      productsTotal: "100,00 €",
      shippingTotal: "5,99 €",
      total: "105,99 €",
    }),
    lists: {
      lines: {
        rootSelector: ".auc-orders .auc-orders__product-card",
        records: [
          rawRecord({
            name: "tomate cherry:250 g",
            href: "/pt/a/b/tomate-cherry-250g/893601.html",
            quantity: "x0",
            price: "1,39 €",
          }),
          rawRecord({
            name: "água vimeiro",
            href: "/pt/a/b/agua/605318.html",
            quantity: "x6",
            price: "4,05 €",
          }),
          rawRecord({
            name: "couve flor kg",
            href: "/pt/a/b/couve/68700.html",
            quantity: "1.3Kg",
            price: "3,11 €",
          }),
        ],
      },
    },
  });

const site = () =>
  new FakeStoreSession((url) =>
    url.pathname === "/pt/historico-encomendas" ? historyPage(url) : detailPage(url),
  );

describe("listPastOrders", () => {
  it("reads every order's number, Lisbon date, item count, total and detail link from the history", async () => {
    const fake = site();
    const { orders } = await listPastOrders(contextWith(fake), { linesForRecentOrders: 0 });
    expect(fake.visited).toEqual([HISTORY]);
    expect(orders).toEqual([
      {
        orderNumber: "001234567",
        placedOn: "2026-01-02",
        placedAt: "2026-01-02T14:00:30+00:00",
        orderId: "0f1e2d3c-4b5a",
        detailUrl: detailUrl("0f1e2d3c-4b5a"),
        itemCount: 38,
        totalCents: 10599,
        lines: [],
      },
      {
        orderNumber: "001234500",
        // 23:30 UTC on 31 July is 1 August in Lisbon (summer time).
        placedOn: "2025-08-01",
        placedAt: "2025-07-31T23:30:00+00:00",
        orderId: "9a8b7c6d-5e4f",
        detailUrl: detailUrl("9a8b7c6d-5e4f"),
        itemCount: 12,
        totalCents: 5000,
        lines: [],
      },
    ]);
  });

  it("opens the detail page of the most recent orders for what was bought, leaving out lines not supplied", async () => {
    const fake = site();
    const { orders } = await listPastOrders(contextWith(fake), { linesForRecentOrders: 1 });
    expect(fake.visited).toEqual([HISTORY, detailUrl("0f1e2d3c-4b5a")]);
    expect(orders[0]?.status).toBe("Entregue");
    expect(orders[0]?.lines).toEqual([
      {
        productId: "605318",
        name: "água vimeiro",
        quantity: 6,
        quantityUnit: "un",
        priceCents: 405,
        url: "http://store.test/pt/a/b/agua/605318.html",
      },
      {
        productId: "68700",
        name: "couve flor kg",
        quantity: 1.3,
        quantityUnit: "kg",
        priceCents: 311,
        url: "http://store.test/pt/a/b/couve/68700.html",
      },
    ]);
    expect(orders[1]?.lines).toEqual([]);
  });

  it("opens the three most recent orders by default", async () => {
    const fake = site();
    await listPastOrders(contextWith(fake));
    expect(fake.visited).toEqual([HISTORY, detailUrl("0f1e2d3c-4b5a"), detailUrl("9a8b7c6d-5e4f")]);
  });

  it("returns no orders on the known empty history", async () => {
    const empty = new FakeStoreSession((url) =>
      rawPage({
        url: url.href,
        emptyMarker: "empty history",
        lists: { orders: { rootSelector: null, records: [] } },
      }),
    );
    expect((await listPastOrders(contextWith(empty))).orders).toEqual([]);
  });

  it("raises StorePageChangedError naming the order selectors on a page that is neither", async () => {
    const changed = new FakeStoreSession((url) => rawPage({ url: url.href }));
    const error = await listPastOrders(contextWith(changed)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorePageChangedError);
    expect((error as StorePageChangedError).selectors).toEqual([".auc-orders .auc-orders__order-summary"]);
    expect((error as StorePageChangedError).url).toBe(HISTORY);
  });
});

describe("getOrderDetail", () => {
  it("reads every line, x0 ones included, with the delivery window, status and totals", async () => {
    const fake = site();
    const { order } = await getOrderDetail(contextWith(fake), { orderId: "0f1e2d3c-4b5a" });
    expect(fake.visited).toEqual([detailUrl("0f1e2d3c-4b5a")]);
    expect(
      order.lines.map((line) => [line.productId, line.quantity, line.quantityUnit, line.priceCents]),
    ).toEqual([
      ["893601", 0, "un", 139],
      ["605318", 6, "un", 405],
      ["68700", 1.3, "kg", 311],
    ]);
    expect(order).toMatchObject({
      orderId: "0f1e2d3c-4b5a",
      orderNumber: "001234567",
      placedOn: "2026-01-02",
      status: "Entregue",
      itemCount: 2,
      deliveryStart: "2026-01-02T18:30:00+00:00",
      deliveryEnd: "2026-01-02T20:30:00+00:00",
      productsTotalCents: 10000,
      shippingCents: 599,
      totalCents: 10599,
    });
  });

  it("raises StorePageChangedError naming the line selectors on a detail page without lines or its empty state", async () => {
    const changed = new FakeStoreSession((url) => rawPage({ url: url.href }));
    const error = await getOrderDetail(contextWith(changed), { orderId: "a176" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorePageChangedError);
    expect((error as StorePageChangedError).selectors).toEqual([".auc-orders .auc-orders__product-card"]);
    expect((error as StorePageChangedError).url).toBe(detailUrl("a176"));
  });

  it("raises StorePageChangedError naming the quantity when a line's quantity is in no known format", async () => {
    const odd = new FakeStoreSession((url) => {
      const page = detailPage(url);
      const first = page.lists.lines?.records[0];
      if (first) first.quantity = ["duas"];
      return page;
    });
    const error = await getOrderDetail(contextWith(odd), { orderId: "a176" }).catch((e: unknown) => e);
    expect((error as StorePageChangedError).message).toContain('order line field "quantity"');
  });
});

describe("parseOrderDate", () => {
  it("reads the site's date-time in Lisbon, ISO and pt-PT dates", () => {
    expect(parseOrderDate("2026-01-02T14:00:30+00:00")).toBe("2026-01-02");
    expect(parseOrderDate("2026-01-03")).toBe("2026-01-03");
    expect(parseOrderDate("Encomenda de 3/1/2026")).toBe("2026-01-03");
    expect(parseOrderDate("ontem")).toBeNull();
  });
});

describe("order detail formats", () => {
  it("reads x2, x0 and kg quantities, and the product id ending a product link", () => {
    expect(parseOrderLineQuantity("x2")).toEqual({ quantity: 2, unit: "un" });
    expect(parseOrderLineQuantity(" x0 ")).toEqual({ quantity: 0, unit: "un" });
    expect(parseOrderLineQuantity("1.3Kg")).toEqual({ quantity: 1.3, unit: "kg" });
    expect(parseOrderLineQuantity("0.15Kg")).toEqual({ quantity: 0.15, unit: "kg" });
    expect(parseOrderLineQuantity("dois")).toBeNull();
    expect(productIdFromUrl("http://s.test/pt/a/tomate-cherry-250g/893601.html")).toBe("893601");
    expect(productIdFromUrl("http://s.test/pt/a/b")).toBeNull();
  });
});
