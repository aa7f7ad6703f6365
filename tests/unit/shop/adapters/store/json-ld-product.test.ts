import { describe, expect, it } from "vitest";
import { findJsonLdProduct } from "../../../../../functions/shop/adapters/store/extraction/json-ld-product";

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

  it("finds the Product among several objects written one after another in one script", () => {
    const breadcrumbs = JSON.stringify({ "@type": "BreadcrumbList", name: 'a } brace { in a \\"string\\"' });
    const product = JSON.stringify({
      "@type": "Product",
      sku: "3010403",
      gtin: "5601156595393",
      offers: { price: "0.86", availability: "http://schema.org/InStock" },
    });
    for (const script of [`${breadcrumbs}${product}`, `${breadcrumbs}\n${product}\n`]) {
      expect(findJsonLdProduct([script])).toMatchObject({
        sku: "3010403",
        gtin: "5601156595393",
        priceCents: 86,
        available: true,
      });
    }
  });

  it("reads the other objects of a script when one of them is malformed", () => {
    const product = JSON.stringify({ "@type": "Product", sku: "7", offers: { price: "1.00" } });
    expect(findJsonLdProduct([`{"@type": "Organization", oops}\n${product}`])?.sku).toBe("7");
  });

  it("returns undefined when there is no Product at all", () => {
    expect(findJsonLdProduct([])).toBeUndefined();
  });
});
