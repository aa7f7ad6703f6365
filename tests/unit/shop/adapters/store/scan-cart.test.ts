import { describe, expect, it } from "vitest";
import type { RawRecord } from "../../../../../functions/shop/adapters/store/extraction/page-extraction";
import { StorePageChangedError } from "../../../../../functions/shop/adapters/store/store-errors";
import { scanCart } from "../../../../../functions/shop/adapters/store/tools/scan-cart";
import {
  contextWith,
  FakeStoreSession,
  rawPage,
  rawRecord,
} from "../../../../support/shop/fake-store-session";

const cartWith = (records: RawRecord[], emptyMarker: string | null = null, lineCount?: string) =>
  new FakeStoreSession((url) =>
    rawPage({
      url: url.href,
      emptyMarker,
      values: rawRecord({ lineCount }),
      lists: {
        lines: {
          rootSelector: records.length ? ".auc-cart__product-cards .auc-cart__product-card[data-pid]" : null,
          records,
        },
      },
    }),
  );

const line = (fields: Record<string, string | null>) =>
  rawRecord({
    productId: "3392943",
    name: "batata doce auchan em cubos para cozer 400g",
    href: "/pt/alimentacao/congelados/legumes-congelados/legumes-e-batatas/b/3392943.html",
    quantity: "2.0",
    lineTotal: "3,38 €",
    pricePerUnit: "4.22 €/Kg",
    ...fields,
  });

describe("scanCart", () => {
  it("reads the cart page at /pt/carrinho-compras with quantities, prices and availability", async () => {
    const site = cartWith([
      line({
        unavailableName: "batata doce auchan em cubos para cozer 400g",
        replacementHref: "/pt/alimentacao/congelados",
      }),
      line({
        productId: "3010403",
        name: "leite 1l",
        quantity: "6.0",
        lineTotal: "5,16 €",
        pricePerUnit: "0.86 €/Lt",
      }),
    ]);
    const result = await scanCart(contextWith(site));
    expect(site.visited).toEqual(["http://store.test/pt/carrinho-compras"]);
    expect(result.unavailableCount).toBe(1);
    expect(result.availableTotalCents).toBe(516);
    expect(result.items[0]).toMatchObject({
      available: false,
      quantity: 2,
      quantityUnit: "un",
      priceCents: 169,
      lineTotalCents: 338,
      size: "400g",
      unitPrice: { amountCents: 423, per: "kg" },
      replacementUrl: "http://store.test/pt/alimentacao/congelados",
    });
    expect(result.items[1]).toMatchObject({ available: true, quantity: 6, priceCents: 86 });
  });

  it("derives the item price from the line total when the analytics carry none", async () => {
    const site = cartWith([line({ lineTotal: "3,38\u00a0€" })]);
    expect((await scanCart(contextWith(site))).items[0]?.priceCents).toBe(169);
  });

  it("takes the item price and availability from data-gtm, the quantity of an unavailable line from data-gtm-new", async () => {
    const site = cartWith([
      line({
        gtm: JSON.stringify({ name: "REQUEIJÃO 200 G", id: "3074118", price: "1.69", dimension7: "No" }),
        gtmNew: JSON.stringify({ item_id: "3074118", quantity: "1", price: "1.69", discount: "0.00" }),
        quantity: null,
        lineTotal: "1,69 €",
        lineUuid: "0123456789abcdef0123456789",
        replacementHref: "https://www.auchan.pt/pt/alimentacao/produtos-lacteos/queijaria/",
      }),
    ]);
    expect((await scanCart(contextWith(site))).items[0]).toMatchObject({
      name: "REQUEIJÃO 200 G",
      available: false,
      quantity: 1,
      priceCents: 169,
      lineTotalCents: 169,
      lineUuid: "0123456789abcdef0123456789",
      replacementUrl: "https://www.auchan.pt/pt/alimentacao/produtos-lacteos/queijaria/",
    });
  });

  it("reads a promotion line's total before the discount as wasLineTotalCents", async () => {
    const site = cartWith([line({ quantity: "2.0", lineTotal: "5,18 €", wasTotal: "6,22 €" })]);
    expect((await scanCart(contextWith(site))).items[0]).toMatchObject({
      lineTotalCents: 518,
      wasLineTotalCents: 622,
      priceCents: 259,
      promotion: { wasPriceCents: 311 },
    });
  });

  it("reads a weighed line switched to units in units, as the page shows it (12 un), with its weight beside", async () => {
    const site = cartWith([
      line({
        name: "banana kg",
        quantity: "12.0",
        stepQuantity: "0.3",
        unitSwitched: "true",
        unitMeasure: "KG",
        lineTotal: "4,64 €",
      }),
    ]);
    expect((await scanCart(contextWith(site))).items[0]).toMatchObject({
      quantity: 12,
      quantityUnit: "un",
      weightKg: 3.6,
    });
  });

  it("counts a weight line in kg", async () => {
    const site = cartWith([
      line({
        name: "banana kg",
        quantity: "1.5",
        lineTotal: "1,94 €",
        unitMeasure: "KG",
        stepQuantity: "0.25",
        unitSwitched: "false",
      }),
    ]);
    expect((await scanCart(contextWith(site))).items[0]).toMatchObject({
      quantity: 1.5,
      quantityUnit: "kg",
      soldByWeight: true,
    });
  });

  it("checks the lines read against the page's own count", async () => {
    expect((await scanCart(contextWith(cartWith([line({})], null, "1 produtos")))).items).toHaveLength(1);
    const error = await scanCart(contextWith(cartWith([line({})], null, "68 produtos"))).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StorePageChangedError);
    expect((error as StorePageChangedError).message).toContain("1 read, the page counts 68");
  });

  it("returns no items when the page says the cart is empty", async () => {
    expect((await scanCart(contextWith(cartWith([], ".cart.cart-empty.auc-cart--empty")))).items).toEqual([]);
  });

  it("raises StorePageChangedError when the lines vanish and the page does not say the cart is empty", async () => {
    await expect(scanCart(contextWith(cartWith([])))).rejects.toBeInstanceOf(StorePageChangedError);
  });

  it("raises StorePageChangedError naming the quantity selectors when a line has no quantity", async () => {
    const error = await scanCart(contextWith(cartWith([line({ quantity: null })]))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorePageChangedError);
    expect((error as StorePageChangedError).selectors).toEqual([
      "input.auc-qty-selector__group__input[type='number'][value]",
    ]);
  });
});
