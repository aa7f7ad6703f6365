import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../../../dev/store/catalog";
import {
  brandFacetValues,
  filterByBrands,
  queryWords,
  searchCatalog,
  sortProducts,
} from "../../../../dev/store/search-catalog";
import { StoreCatalogIndex } from "../../../../dev/store/store-catalog-index";

const index = new StoreCatalogIndex(loadCatalog());
const namesFor = (query: string) => searchCatalog(index, query).map((p) => p.name);

describe("the simulated store's search (literal, like a shop's)", () => {
  it("finds only the unavailable item itself for the seed's too-literal query", () => {
    expect(namesFor("batata doce auchan em cubos para cozer")).toEqual([
      "batata doce auchan em cubos para cozer 400g",
    ]);
  });

  it("finds the alternatives for the seed's generated query", () => {
    const names = namesFor("batata doce cubos congelada");
    expect(names.length).toBe(6);
    expect(
      names.every((name) => /batata doce/.test(name) && /cubos/.test(name) && /congelada/.test(name)),
    ).toBe(true);
  });

  it("requires every query word in the name, so naming a brand restricts to it", () => {
    expect(namesFor("fiambre polegar")).toEqual([
      "fiambre da pá fatiado polegar 200g",
      "pizza fiambre e queijo polegar 3x300g",
    ]);
    expect(namesFor("fiambre da pá polegar")).toEqual(["fiambre da pá fatiado polegar 200g"]);
  });

  it("ignores accents, case and a trailing plural", () => {
    expect(namesFor("REQUEIJAO OVELHA")).toEqual(namesFor("requeijão ovelha"));
    expect(namesFor("ovo classe m").length).toBeGreaterThan(0);
  });

  it("skips Portuguese function words in queries and answers nothing for an empty query", () => {
    expect(queryWords("fiambre da pá em fatias para o lanche")).toEqual([
      "fiambre",
      "pa",
      "fatias",
      "lanche",
    ]);
    expect(searchCatalog(index, "de da do")).toEqual([]);
  });

  it("sorts by the printed unit price, or by price either way", () => {
    const found = searchCatalog(index, "leite");
    const byUnit = sortProducts(index, found, "price-and-capacity-ascending-000").map((p) =>
      index.siteUnitPriceCents(p),
    );
    expect(byUnit).toEqual([...byUnit].sort((a, b) => a - b));
    const cheapFirst = sortProducts(index, found, "price-low-to-high").map((p) => p.priceCents);
    expect(cheapFirst).toEqual([...cheapFirst].sort((a, b) => a - b));
    const dearFirst = sortProducts(index, found, "price-high-to-low").map((p) => p.priceCents);
    expect(dearFirst).toEqual([...dearFirst].sort((a, b) => b - a));
  });

  it("reads the SFCC brand facet, several values joined with |", () => {
    const params = new URLSearchParams("q=leite&prefn1=brand&prefv1=auchan|MIMOSA");
    const brands = brandFacetValues(params);
    expect(brands).toEqual(["AUCHAN", "MIMOSA"]);
    const filtered = filterByBrands(searchCatalog(index, "leite"), brands);
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((p) => p.brand === "AUCHAN" || p.brand === "MIMOSA")).toBe(true);
    expect(brandFacetValues(new URLSearchParams("q=leite"))).toBeUndefined();
  });
});
