import { describe, expect, it } from "vitest";
import { filterProducts } from "../../../../functions/chat/catalog/domain/tools/filter-products";
import { emptyState, product, stateWith } from "../../../support/chat/catalog-fixtures";

describe("filter_products (seed 004 matchesFilter)", () => {
  const products = [
    product("a", { brand: "Asus", price: 10_000_000, rating: 4.5 }), // exactly 100 000 ₽
    product("b", { brand: "Apple", price: 10_000_100, rating: 4.9 }), // 100 001 ₽
    product("c", { brand: "Lenovo", price: 4_999_950, rating: 4.2, stock_quantity: 0 }), // 49 999.50 ₽
  ];

  it("keeps products priced exactly at max_price (inclusive, rubles against kopecks)", () => {
    const outcome = filterProducts(stateWith(products), { max_price: 100_000 });
    expect(outcome.tool_result).toBe("ok: 2 products match filter");
    expect(outcome.change?.state.current.data.products.map((p) => p.id)).toEqual(["a", "c"]);
    expect(outcome.change?.state.current.meta.count).toBe(2);
    expect(outcome.change?.state.step).toBe(2);
  });

  it("compares whole rubles like the seed: 49 999.50 ₽ passes a 49 999 cap", () => {
    const outcome = filterProducts(stateWith(products), { max_price: 49_999 });
    expect(outcome.change?.state.current.data.products.map((p) => p.id)).toEqual(["c"]);
  });

  it("keeps products priced exactly at min_price", () => {
    const outcome = filterProducts(stateWith(products), { min_price: 100_001 });
    expect(outcome.change?.state.current.data.products.map((p) => p.id)).toEqual(["b"]);
  });

  it("matches brands case-insensitively", () => {
    const outcome = filterProducts(stateWith(products), { brand: "aSUS" });
    expect(outcome.change?.state.current.data.products.map((p) => p.id)).toEqual(["a"]);
  });

  it("filters by minimum rating and by stock", () => {
    expect(
      filterProducts(stateWith(products), { min_rating: 4.5 }).change?.state.current.data.products.map(
        (p) => p.id,
      ),
    ).toEqual(["a", "b"]);
    expect(
      filterProducts(stateWith(products), { in_stock: true }).change?.state.current.data.products.map(
        (p) => p.id,
      ),
    ).toEqual(["a", "b"]);
  });

  it("records a FILTER delta with the params, count and fields", () => {
    const delta = filterProducts(stateWith(products, 1), { max_price: 100_000 }).change?.delta;
    expect(delta).toEqual({
      step: 2,
      action: { type: "FILTER", tool: "filter_products", params: { max_price: 100_000 } },
      result: { count: 2, fields: ["name", "brand", "category", "price", "rating", "stock_quantity"] },
    });
  });

  it("answers 'empty: no products to filter' on an empty state and changes nothing", () => {
    expect(filterProducts(emptyState(), { max_price: 1 })).toEqual({
      tool_result: "empty: no products to filter",
    });
  });

  it("answers 'empty: no products match filter' and leaves the state alone when nothing matches", () => {
    const state = stateWith(products);
    expect(filterProducts(state, { brand: "Nokia" })).toEqual({
      tool_result: "empty: no products match filter",
    });
    expect(state.current.data.products).toHaveLength(3);
  });
});
