import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  brandSchema,
  CATALOG_DIR,
  catalogCategorySchema,
  catalogProductSchema,
  deliveryScheduleSchema,
  loadCatalog,
} from "../../../../dev/store/catalog";
import {
  computeUnitPrice,
  crossCheckUnitPrice,
} from "../../../../functions/shop/adapters/store/extraction/compute-unit-price";
import { parseSiteUnitPrice } from "../../../../functions/shop/adapters/store/extraction/parse-site-unit-price";
import { parsePackSize } from "../../../../functions/shop/domain/packs/parse-pack-size";

const catalog = loadCatalog();
const names = new Set(catalog.products.map((p) => p.name));
/** A name's URL slug: lower case, accents off, every other run of characters one hyphen. */
const slugify = (text: string): string =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

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

  // The catalog is edited as JSON (its one source): what the old generator guaranteed is checked here.
  it("parses every file with its schema, and every reference resolves", () => {
    const raw = (name: string): unknown =>
      JSON.parse(readFileSync(new URL(name, CATALOG_DIR), "utf8")) as unknown;
    expect(z.array(catalogProductSchema).safeParse(raw("products.json")).success).toBe(true);
    expect(z.array(catalogCategorySchema).safeParse(raw("categories.json")).success).toBe(true);
    expect(z.array(brandSchema).safeParse(raw("brands.json")).success).toBe(true);
    expect(deliveryScheduleSchema.safeParse(raw("delivery-schedule.json")).success).toBe(true);

    const categoryIds = new Set(catalog.categories.map((c) => c.id));
    expect(categoryIds.size).toBe(catalog.categories.length);
    expect(catalog.products.filter((p) => !categoryIds.has(p.categoryId)).map((p) => p.name)).toEqual([]);
    const brandNames = catalog.brands.map((b) => b.brand);
    expect(new Set(brandNames).size).toBe(brandNames.length);
    const productBrands = new Set(catalog.products.flatMap((p) => (p.brand === null ? [] : [p.brand])));
    expect([...productBrands].filter((b) => !brandNames.includes(b))).toEqual([]);
    expect(brandNames.filter((b) => !productBrands.has(b))).toEqual([]);
  });

  it("keeps names unique, slugs derived from names and categories' slugs from their labels", () => {
    expect(names.size).toBe(catalog.products.length);
    expect(catalog.products.filter((p) => p.slug !== slugify(p.name)).map((p) => p.name)).toEqual([]);
    for (const category of catalog.categories) {
      expect(category.slugs).toEqual(category.labels.map(slugify));
      expect(category.gtmPath).toBe(
        category.labels.map((l) => l.toLowerCase().replace(/,/g, "").replace(/\s+/g, "-")).join("/"),
      );
    }
  });

  it("gives every product a valid EAN-13 GTIN, each its own", () => {
    const gtins = catalog.products.map((p) => p.gtin);
    expect(new Set(gtins).size).toBe(gtins.length);
    const badCheckDigit = gtins.filter((gtin) => {
      const sum = [...gtin.slice(0, 12)].reduce(
        (total, d, i) => total + Number(d) * (i % 2 === 0 ? 1 : 3),
        0,
      );
      return (10 - (sum % 10)) % 10 !== Number(gtin[12]);
    });
    expect(badCheckDigit).toEqual([]);
  });
});
