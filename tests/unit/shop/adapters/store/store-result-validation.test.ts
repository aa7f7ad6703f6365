import { describe, expect, it } from "vitest";
import type { RawRecord } from "../../../../../functions/shop/adapters/store/extraction/page-extraction";
import { StorePageChangedError } from "../../../../../functions/shop/adapters/store/store-errors";
import { extractProductInfo } from "../../../../../functions/shop/adapters/store/tools/extract-product-info";
import { listDeliverySlots } from "../../../../../functions/shop/adapters/store/tools/list-delivery-slots";
import { listPastOrders } from "../../../../../functions/shop/adapters/store/tools/list-past-orders";
import { scanCart } from "../../../../../functions/shop/adapters/store/tools/scan-cart";
import { searchProducts } from "../../../../../functions/shop/adapters/store/tools/search-products";
import {
  contextWith,
  FakeStoreSession,
  rawPage,
  rawRecord,
  rawTile,
} from "../../../../support/shop/fake-store-session";

// Store pages are untrusted: whatever a page yields is checked against the tools' result schemas
// (functions/shop/store/store-product.ts) before it is returned.

const rejectionOf = async (promise: Promise<unknown>): Promise<StorePageChangedError> => {
  const error = await promise.then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(StorePageChangedError);
  return error as StorePageChangedError;
};

const searchSite = (tile: RawRecord) =>
  new FakeStoreSession((url) =>
    rawPage({
      url: url.href,
      values: rawRecord({ resultCount: "1" }),
      lists: { tiles: { rootSelector: ".product-grid .product-tile[data-pid]", records: [tile] } },
    }),
  );

describe("the store tools refuse what no product could be", () => {
  it("searchProducts: a tile with a negative price is an error naming the field, its selectors and the URL", async () => {
    const tile = rawTile({ productId: "3010403", name: "leite 1l", price: "-0.86" });
    const error = await rejectionOf(searchProducts(contextWith(searchSite(tile)), { query: "leite" }));
    expect(error.message).toContain('product tile field "price" invalid');
    expect(error.selectors).toContain(".auc-product-tile__prices .sales .value[content]");
    expect(error.url).toMatch(/\/pt\/pesquisa\?q=leite/);
  });

  it("searchProducts: a tile linking to a script instead of a product page is refused, naming url", async () => {
    const tile = rawTile({ productId: "3010403", name: "leite 1l", price: "0.86" });
    tile.href = ["javascript:alert(1)"];
    const error = await rejectionOf(searchProducts(contextWith(searchSite(tile)), { query: "leite" }));
    expect(error.message).toContain('product tile field "url" invalid');
  });

  it("searchProducts: a tile whose link is no URL at all is a changed page naming href, not a TypeError", async () => {
    const tile = rawTile({ productId: "3010403", name: "leite 1l", price: "0.86" });
    tile.href = ["http://["];
    const error = await rejectionOf(searchProducts(contextWith(searchSite(tile)), { query: "leite" }));
    expect(error.message).toContain('product tile field "href" invalid (not a URL');
    expect(error.selectors).toContain(".auc-product-tile__name a[href]");
  });

  it("listDeliverySlots: a cart line whose substitute link is no URL at all stops before the booking page", async () => {
    const site = new FakeStoreSession((url) =>
      rawPage({
        url: url.href,
        lists: {
          lines: {
            rootSelector: ".auc-cart__product-card[data-pid]",
            records: [
              rawRecord({
                productId: "3074118",
                name: "requeijão",
                quantity: "1.0",
                lineTotal: "1,69 €",
                replacementHref: "http://[",
              }),
            ],
          },
        },
      }),
    );
    const error = await rejectionOf(listDeliverySlots(contextWith(site)));
    expect(error.message).toContain('cart line field "replacementHref" invalid (not a URL');
    expect(error.selectors).toEqual(["a.auc-find-replacement[data-pid][href]"]);
    expect(site.visited).toHaveLength(1);
  });

  it("extractProductInfo: a JSON-LD offer with a negative price is refused, naming price and the page", async () => {
    const url = "http://store.test/pt/alimentacao/charcutaria/fiambres/fiambre-fatiado/nobre/5001.html";
    const productLd = {
      "@type": "Product",
      name: "fiambre da pá fatiado nobre 200g",
      sku: "5001",
      offers: { "@type": "Offer", priceCurrency: "EUR", price: "-2.49" },
    };
    const site = new FakeStoreSession((target) =>
      rawPage({
        url: target.href,
        values: rawRecord({ productId: "5001" }),
        lists: {
          jsonLd: { rootSelector: "script", records: [rawRecord({ json: JSON.stringify(productLd) })] },
        },
      }),
    );
    const error = await rejectionOf(extractProductInfo(contextWith(site), { url }));
    expect(error.message).toContain('product page field "price" invalid');
    expect(error.url).toBe(url);
  });

  it("scanCart: a line whose price is negative is refused rather than totalled", async () => {
    const site = new FakeStoreSession((url) =>
      rawPage({
        url: url.href,
        lists: {
          lines: {
            rootSelector: ".auc-cart__product-cards .card.product-info",
            records: [
              rawRecord({ productId: "3010403", name: "leite 1l", quantity: "2.0", lineTotal: "-1,72 €" }),
            ],
          },
        },
      }),
    );
    const error = await rejectionOf(scanCart(contextWith(site)));
    expect(error.message).toContain('cart line field "price" invalid');
    expect(error.url).toMatch(/\/pt\/carrinho-compras$/);
  });

  it("listPastOrders: an order dated on a day that does not exist is refused, naming placedOn", async () => {
    const site = new FakeStoreSession((url) =>
      rawPage({
        url: url.href,
        lists: {
          orders: {
            rootSelector: ".auc-order-card",
            records: [rawRecord({ orderNumber: "100200314", date: "45/13/2025" })],
          },
          orderLines: { rootSelector: null, records: [] },
        },
      }),
    );
    const error = await rejectionOf(listPastOrders(contextWith(site)));
    expect(error.message).toContain('order field "placedOn" invalid');
  });

  it("listDeliverySlots: a slot with a negative fee is refused, naming priceCents", async () => {
    const site = new FakeStoreSession((url) =>
      url.pathname === "/pt/carrinho-compras"
        ? rawPage({
            url: url.href,
            lists: {
              lines: {
                rootSelector: ".auc-cart__product-card[data-pid]",
                records: [
                  rawRecord({ productId: "3010403", name: "leite 1l", quantity: "1.0", lineTotal: "0,86 €" }),
                ],
              },
            },
          })
        : rawPage({
            url: url.href,
            lists: {
              days: {
                rootSelector: ".nav-link",
                records: [rawRecord({ date: "2026-01-14", pane: "#day-2026-01-14" })],
              },
              slots: {
                rootSelector: ".auc-book-slot__slot",
                records: [
                  rawRecord({
                    pane: "day-2026-01-14",
                    date: "2026-01-14",
                    time: "12:30 - 14:30",
                    price: "-5.99",
                    isFree: "false",
                    hasSlotsToBook: "true",
                  }),
                ],
              },
            },
          }),
    );
    const error = await rejectionOf(listDeliverySlots(contextWith(site)));
    expect(error.message).toContain('delivery slot field "priceCents" invalid');
    expect(error.url).toMatch(/\/Delivery-BookDelivery$/);
  });
});
