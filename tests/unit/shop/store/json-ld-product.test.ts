import { describe, expect, it } from "vitest";
import { findJsonLdProduct } from "../../../../functions/shop/store/json-ld-product";

describe("findJsonLdProduct", () => {
  it("finds the Product inside a @graph and reads a plain-string brand", () => {
    const script = JSON.stringify({
      "@graph": [
        { "@type": "WebPage" },
        { "@type": "Product", sku: 42, brand: "MIMOSA", offers: [{ price: 1.09 }] },
      ],
    });
    expect(findJsonLdProduct([script])).toMatchObject({ sku: "42", brand: "MIMOSA", priceCents: 109 });
  });

  it("skips malformed scripts and scripts without a Product", () => {
    const product = JSON.stringify({
      "@type": "Product",
      name: "leite 1l",
      offers: { price: "0.86", availability: "InStock" },
    });
    expect(findJsonLdProduct(["{oops", JSON.stringify({ "@type": "Organization" }), product])).toMatchObject({
      name: "leite 1l",
      priceCents: 86,
      available: true,
    });
  });

  it("leaves availability undefined when the page states something it does not know", () => {
    const product = JSON.stringify({
      "@type": "Product",
      offers: { availability: "http://schema.org/PreOrder" },
    });
    expect(findJsonLdProduct([product])?.available).toBeUndefined();
  });

  it("returns undefined when there is no Product at all", () => {
    expect(findJsonLdProduct([])).toBeUndefined();
  });
});
