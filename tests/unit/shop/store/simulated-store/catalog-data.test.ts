import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../../../../dev/store/catalog";
import {
  computeUnitPrice,
  crossCheckUnitPrice,
} from "../../../../../functions/shop/adapters/store/extraction/compute-unit-price";
import { parseSiteUnitPrice } from "../../../../../functions/shop/adapters/store/extraction/parse-site-unit-price";
import { parsePackSize } from "../../../../../functions/shop/domain/parse-pack-size";

const catalog = loadCatalog();
const names = new Set(catalog.products.map((p) => p.name));

describe("the simulated store's catalog data", () => {
  it("holds at least 400 products in at least 15 categories, with unique ids", () => {
    expect(catalog.products.length).toBeGreaterThanOrEqual(400);
    expect(new Set(catalog.products.map((p) => p.categoryId)).size).toBeGreaterThanOrEqual(15);
    expect(new Set(catalog.products.map((p) => p.productId)).size).toBe(catalog.products.length);
  });

  it("mixes store brands with national and premium brands", () => {
    const brands = new Set(catalog.products.map((p) => p.brand));
    for (const store of ["AUCHAN", "POLEGAR", "AUCHAN ESSENCIAL", "AUCHAN BIO", "AUCHAN GOURMET", "COSMIA"]) {
      expect(brands).toContain(store);
    }
    expect(catalog.brands.filter((b) => b.tier === "national").length).toBeGreaterThan(50);
    expect(catalog.brands.some((b) => b.tier === "premium")).toBe(true);
  });

  it("has multipacks, items sold by weight, promotions and unavailable items", () => {
    expect(catalog.products.filter((p) => /\d+x\d/.test(p.size ?? "")).length).toBeGreaterThan(20);
    expect(catalog.products.filter((p) => p.soldByWeight).length).toBeGreaterThan(20);
    expect(
      catalog.products.filter((p) => p.wasPriceCents !== null && p.wasPriceCents > p.priceCents).length,
    ).toBeGreaterThan(20);
    expect(catalog.products.filter((p) => !p.available).length).toBeGreaterThanOrEqual(10);
  });

  it("includes the seed's three unavailable examples and their alternatives", () => {
    const unavailable = [
      "batata doce auchan em cubos para cozer 400g",
      "requeijão de ovelha auchan à mesa em portugal cultivamos o bom seia 200g",
      "fiambre da pá auchan fatias 200g",
    ];
    for (const name of unavailable) {
      expect(catalog.products.find((p) => p.name === name)?.available).toBe(false);
    }
    for (const alternative of [
      "batata doce auchan rodelas congelada 450g",
      "batata doce em cubos congelada iglo 400g",
      "requeijão de ovelha queijaria guilherme 200g",
      "fiambre da pá fatiado polegar 200g",
    ]) {
      expect(names).toContain(alternative);
    }
  });

  it("prints unit prices that agree with price and size, except the one deliberately stale label", () => {
    const disagreeing = catalog.products
      .filter((p) => !p.soldByWeight)
      .filter((p) => {
        const site = parseSiteUnitPrice(p.unitPriceLabel);
        const pack = parsePackSize(p.size ?? "");
        if (!site || !pack) throw new Error(`${p.name}: label or size unreadable`);
        return crossCheckUnitPrice(computeUnitPrice(p.priceCents, pack, site.per), site).status !== "agrees";
      })
      .map((p) => p.name);
    expect(disagreeing).toEqual(["néctar de laranja compal clássico 1l"]);
  });
});
