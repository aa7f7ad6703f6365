import { describe, expect, it } from "vitest";
import { listPastOrders, parseOrderDate } from "../../../../functions/shop/store/list-past-orders";
import { StorePageChangedError } from "../../../../functions/shop/store/store-errors";
import { contextWith, FakeStoreSession, rawPage, rawRecord } from "./fake-store-session";

describe("listPastOrders", () => {
  it("groups order lines under their order, in the page's order", async () => {
    const site = new FakeStoreSession((url) =>
      rawPage({
        url: url.href,
        lists: {
          orders: {
            rootSelector: ".auc-order-card",
            records: [
              rawRecord({ orderNumber: "100200314", date: "10/01/2026", status: "Entregue", total: "5.16" }),
              rawRecord({ orderNumber: "100200307", date: "2025-12-20", total: "1,39\u00a0€" }),
            ],
          },
          orderLines: {
            rootSelector: ".auc-order-card__product",
            records: [
              rawRecord({
                orderNumber: "100200314",
                productId: "3010403",
                name: "leite 1l",
                quantity: "6",
                price: "0.86",
              }),
              rawRecord({
                orderNumber: "100200307",
                productId: "1",
                name: "arroz 1kg",
                quantity: "1 un",
                price: null,
              }),
            ],
          },
        },
      }),
    );
    const { orders } = await listPastOrders(contextWith(site));
    expect(site.visited).toEqual(["http://store.test/pt/historico-encomendas"]);
    expect(orders).toEqual([
      {
        orderNumber: "100200314",
        placedOn: "2026-01-10",
        status: "Entregue",
        totalCents: 516,
        lines: [{ productId: "3010403", name: "leite 1l", quantity: 6, priceCents: 86, url: undefined }],
      },
      {
        orderNumber: "100200307",
        placedOn: "2025-12-20",
        status: undefined,
        totalCents: 139,
        lines: [{ productId: "1", name: "arroz 1kg", quantity: 1, priceCents: undefined, url: undefined }],
      },
    ]);
  });

  it("raises StorePageChangedError when a line belongs to no order on the page", async () => {
    const site = new FakeStoreSession((url) =>
      rawPage({
        url: url.href,
        lists: {
          orders: { rootSelector: "x", records: [rawRecord({ orderNumber: "1", date: "2026-01-01" })] },
          orderLines: {
            rootSelector: "y",
            records: [rawRecord({ orderNumber: "2", productId: "1", name: "a", quantity: "1" })],
          },
        },
      }),
    );
    await expect(listPastOrders(contextWith(site))).rejects.toBeInstanceOf(StorePageChangedError);
  });
});

describe("parseOrderDate", () => {
  it("reads ISO and pt-PT dates", () => {
    expect(parseOrderDate("2026-01-03")).toBe("2026-01-03");
    expect(parseOrderDate("Encomenda de 3/1/2026")).toBe("2026-01-03");
    expect(parseOrderDate("ontem")).toBeNull();
  });
});
