import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../../../functions/core/errors";
import { StorePageChangedError } from "../../../../../functions/shop/adapters/store/store-errors";
import {
  parseResultCount,
  searchProducts,
} from "../../../../../functions/shop/adapters/store/tools/search-products";
import {
  contextWith,
  FakeStoreSession,
  rawPage,
  rawRecord,
  rawTile,
} from "../../../../support/shop/fake-store-session";

/** A fake site holding `count` results, its heading written by `countText`; every third one unavailable. */
const siteWithResults = (count: number, countText: (count: number) => string = String) =>
  new FakeStoreSession((url) => {
    const start = Number(url.searchParams.get("start"));
    const size = Number(url.searchParams.get("sz"));
    const tiles = Array.from({ length: Math.max(0, Math.min(size, count - start)) }, (_, i) => {
      const n = start + i;
      return rawTile({
        productId: String(1000 + n),
        name: `leite ${n} 1l`,
        price: "0.86",
        pricePerUnit: "0.86 €/Lt",
        unavailable: n % 3 === 2,
      });
    });
    return rawPage({
      url: url.href,
      values: rawRecord({ resultCount: countText(count) }),
      lists: { tiles: { rootSelector: ".product-grid .product-tile[data-pid]", records: tiles } },
    });
  });

describe("the result count in every format the site writes", () => {
  it.each([
    ["1,059 resultados para:", 1059],
    ["\n  1,061 resultados para:\n", 1061],
    ["59 resultados para:", 59],
    ["5 resultados para:", 5],
    ["1 - 24 de 1059 resultados", 1059],
    ["25 - 48 de 1059 resultados", 1059],
    ["1.059 resultados", 1059],
    ["12\u00a0345 resultados", 12345],
    ["1059", 1059],
  ])("reads %j as %i", (text, count) => {
    expect(parseResultCount(text)).toBe(count);
  });

  it("reads no count from text without a number", () => {
    expect(parseResultCount("resultados para:")).toBeNull();
  });

  it("keeps paging past the first page when the heading writes the count with a thousands comma", async () => {
    const site = siteWithResults(1059, (count) => `${count.toLocaleString("en-US")} resultados para:`);
    const result = await searchProducts(contextWith(site), { query: "leite", pageSize: 24, maxResults: 60 });
    expect(result.totalResults).toBe(1059);
    expect(result.products).toHaveLength(60);
    expect(site.visited.map((u) => new URL(u).searchParams.get("start"))).toEqual(["0", "24", "48"]);
    expect(result.nextStart).toBe(60);
  });
});

describe("searchProducts paging and filters", () => {
  it("pages with start/sz until maxResults and says where the next page starts", async () => {
    const site = siteWithResults(30);
    const result = await searchProducts(contextWith(site), { query: "leite", pageSize: 5, maxResults: 12 });
    expect(result.products.map((p) => p.productId)).toEqual(
      Array.from({ length: 12 }, (_, i) => String(1000 + i)),
    );
    expect(site.visited.map((u) => new URL(u).searchParams.get("start"))).toEqual(["0", "5", "10"]);
    expect(result.nextStart).toBe(12);
    expect(result.totalResults).toBe(30);
  });

  it("stops at the last page and leaves nextStart unset", async () => {
    const result = await searchProducts(contextWith(siteWithResults(7)), {
      query: "leite",
      pageSize: 5,
      maxResults: 50,
    });
    expect(result.products).toHaveLength(7);
    expect(result.pagesRead).toBe(2);
    expect(result.nextStart).toBeUndefined();
  });

  it("skips unavailable tiles with availableOnly and reads further pages to fill maxResults", async () => {
    const site = siteWithResults(30);
    const result = await searchProducts(contextWith(site), {
      query: "leite",
      pageSize: 5,
      maxResults: 6,
      availableOnly: true,
    });
    expect(result.products).toHaveLength(6);
    expect(result.products.every((p) => p.available)).toBe(true);
    expect(site.visited).toHaveLength(2);
  });

  it("builds the site's URL: q, srule for the unit-price sort, brand facet in upper case, start and sz", async () => {
    const site = siteWithResults(1);
    await searchProducts(contextWith(site), {
      query: "natas",
      sort: "unit-price",
      brand: "Auchan",
      pageSize: 10,
    });
    const url = new URL(site.visited[0] ?? "");
    expect(url.pathname).toBe("/pt/pesquisa");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: "natas",
      srule: "price-and-capacity-ascending-000",
      prefn1: "brand",
      prefv1: "AUCHAN",
      start: "0",
      sz: "10",
    });
  });

  it("returns an empty list when the page shows the no-results block", async () => {
    const site = new FakeStoreSession((url) =>
      rawPage({
        url: url.href,
        emptyMarker: ".auc-search__no-results",
        lists: { tiles: { rootSelector: null, records: [] } },
      }),
    );
    expect((await searchProducts(contextWith(site), { query: "xyz" })).products).toEqual([]);
  });

  it("raises StorePageChangedError naming the tile selectors and URL when tiles vanish without a no-results block", async () => {
    const site = new FakeStoreSession((url) =>
      rawPage({ url: url.href, lists: { tiles: { rootSelector: null, records: [] } } }),
    );
    const error = await searchProducts(contextWith(site), { query: "leite" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorePageChangedError);
    expect((error as StorePageChangedError).selectors).toEqual([
      ".product-grid .product-tile[data-pid]",
      ".product-grid .product[data-pid]",
    ]);
    expect((error as StorePageChangedError).url).toBe("http://store.test/pt/pesquisa?q=leite&start=0&sz=24");
  });

  it("raises StorePageChangedError naming the price selectors when a tile has no price in any source", async () => {
    const tile = rawRecord({ productId: "1", name: "leite 1l" });
    const site = new FakeStoreSession((url) =>
      rawPage({
        url: url.href,
        lists: { tiles: { rootSelector: ".product-grid .product-tile[data-pid]", records: [tile] } },
      }),
    );
    const error = await searchProducts(contextWith(site), { query: "leite" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorePageChangedError);
    expect((error as Error).message).toContain('product tile field "price"');
    expect((error as StorePageChangedError).selectors).toContain(
      ".auc-product-tile__prices .sales .value[content]",
    );
  });

  it("rejects an empty query as a validation error before touching the browser", async () => {
    const site = siteWithResults(1);
    await expect(searchProducts(contextWith(site), { query: "  " })).rejects.toBeInstanceOf(ValidationError);
    expect(site.visited).toEqual([]);
  });
});
