import { describe, expect, it } from "vitest";
import { NotFoundError, ValidationError } from "../../../../../functions/core/errors";
import { StoreActionForbiddenError } from "../../../../../functions/shop/adapters/store/store-errors";
import { extractProductInfo } from "../../../../../functions/shop/adapters/store/tools/extract-product-info";
import {
  contextWith,
  FakeStoreSession,
  rawPage,
  rawRecord,
  rawTile,
} from "../../../../support/shop/fake-store-session";

const PRODUCT_URL =
  "http://store.test/pt/alimentacao/charcutaria/fiambres/fiambre-fatiado/fiambre-nobre/5001.html";

const productLd = (availability: string) => ({
  "@context": "http://schema.org/",
  "@type": "Product",
  name: "fiambre da pá fatiado nobre 200g",
  sku: "5001",
  gtin13: "5601234567894",
  brand: { "@type": "Brand", name: "NOBRE" },
  offers: { "@type": "Offer", priceCurrency: "EUR", price: "2.49", availability },
});

const productSite = (jsonLdScripts: string[], values: Record<string, string | string[] | null> = {}) =>
  new FakeStoreSession((url) =>
    rawPage({
      url: url.href.includes("Product-Show") ? PRODUCT_URL : url.href,
      values: rawRecord({
        productId: "5001",
        name: "visible name 200g",
        price: "9.99",
        pricePerUnit: "12.45 €/Kg",
        packSize: "200g",
        breadcrumbs: ["Alimentação", "Charcutaria", "Fiambres", "Fiambre Fatiado"],
        addToCartUrl: "/on/demandware.store/Sites-AuchanPT-Site/pt_PT/Cart-AddProduct",
        ...values,
      }),
      lists: {
        jsonLd: { rootSelector: "script", records: jsonLdScripts.map((json) => rawRecord({ json })) },
        recommendations: {
          rootSelector: ".auc-recommendations .auc-product-tile[data-pid]",
          records: [rawTile({ productId: "5002", name: "fiambre polegar 200g", price: "1.49" })],
        },
      },
    }),
  );

describe("extractProductInfo", () => {
  it("takes JSON-LD first (several objects in one script), then the page", async () => {
    const breadcrumbLd = { "@type": "BreadcrumbList", itemListElement: [] };
    const site = productSite([JSON.stringify([breadcrumbLd, productLd("http://schema.org/InStock")])]);
    const { product, addToCartUrl } = await extractProductInfo(contextWith(site), { url: PRODUCT_URL });
    expect(product).toMatchObject({
      productId: "5001",
      name: "fiambre da pá fatiado nobre 200g",
      brand: "NOBRE",
      gtin: "5601234567894",
      priceCents: 249,
      available: true,
      size: "200g",
      unitPriceCheck: { status: "agrees" },
      categoryPath: ["Alimentação", "Charcutaria", "Fiambres", "Fiambre Fatiado"],
      url: PRODUCT_URL,
    });
    expect(product.recommendations.map((r) => r.productId)).toEqual(["5002"]);
    expect(addToCartUrl).toBe(
      "http://store.test/on/demandware.store/Sites-AuchanPT-Site/pt_PT/Cart-AddProduct",
    );
  });

  it("reads OutOfStock availability from JSON-LD", async () => {
    const site = productSite([JSON.stringify(productLd("http://schema.org/OutOfStock"))]);
    expect((await extractProductInfo(contextWith(site), { url: PRODUCT_URL })).product.available).toBe(false);
  });

  it("falls back to the visible page when the JSON-LD is malformed", async () => {
    const site = productSite(["{ not json"], { unavailableButton: "Indisponível online" });
    const { product } = await extractProductInfo(contextWith(site), { url: PRODUCT_URL });
    expect(product).toMatchObject({ name: "visible name 200g", priceCents: 999, available: false });
  });

  it("opens a bare product id through SFCC's Product-Show", async () => {
    const site = productSite([JSON.stringify(productLd("http://schema.org/InStock"))]);
    await extractProductInfo(contextWith(site), { productId: "5001" });
    expect(site.visited).toEqual([
      "http://store.test/on/demandware.store/Sites-AuchanPT-Site/pt_PT/Product-Show?pid=5001",
    ]);
  });

  it("answers NotFoundError for a 404 page", async () => {
    const site = new FakeStoreSession((url) => rawPage({ url: url.href, status: 404 }));
    await expect(extractProductInfo(contextWith(site), { productId: "1" })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it.each([
    "http://store.test/pt/pesquisa?q=leite",
    "http://store.test/pt",
    "http://store.test/pt/alimentacao/charcutaria",
    "/pt/carrinho-compras",
  ])("refuses %s, which is not a product page, naming url and without opening it", async (url) => {
    const site = productSite([]);
    const error = await extractProductInfo(contextWith(site), { url }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([
      { path: "url", message: expect.stringContaining("product page") },
    ]);
    expect(site.visited).toEqual([]);
  });

  it("accepts a product page path, relative or absolute, and SFCC's Product-Show with a pid", async () => {
    const site = productSite([JSON.stringify(productLd("http://schema.org/InStock"))]);
    for (const url of [
      PRODUCT_URL,
      "/pt/alimentacao/charcutaria/fiambres/fiambre-fatiado/fiambre-nobre/5001.html",
      "http://store.test/on/demandware.store/Sites-AuchanPT-Site/pt_PT/Product-Show?pid=5001",
    ]) {
      await expect(extractProductInfo(contextWith(site), { url })).resolves.toMatchObject({
        product: { productId: "5001" },
      });
    }
  });

  it("answers NotFoundError at once, without waiting for product markers, when the store sends another page", async () => {
    // A retired product's URL redirected to its listing: no product marker will ever appear there.
    const listing = "http://store.test/pt/alimentacao/charcutaria/fiambres";
    const site = new FakeStoreSession(() => rawPage({ url: listing }));
    const error = await extractProductInfo(contextWith(site), { url: PRODUCT_URL }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).code).toBe("store_not_a_product_page");
    expect((error as NotFoundError).message).toContain(listing);
    // The session was told what a product page's path looks like, so it does not wait on another page.
    expect(site.readOptions[0]?.expectedPath?.test(new URL(PRODUCT_URL).pathname)).toBe(true);
    expect(site.readOptions[0]?.expectedPath?.test(new URL(listing).pathname)).toBe(false);
  });

  it("refuses URLs off the store's origin without opening them", async () => {
    const site = productSite([]);
    await expect(
      extractProductInfo(contextWith(site), { url: "http://evil.test/pt/x/1.html" }),
    ).rejects.toBeInstanceOf(StoreActionForbiddenError);
    expect(site.visited).toEqual([]);
  });
});
