import { describe, expect, it } from "vitest";
import { fallbackTemplate } from "../../../../functions/chat/catalog/domain/agents/fallback-template";
import { runCatalogTool } from "../../../../functions/chat/catalog/domain/tools/catalog-tools";
import { emptyState, memoryCatalog, product, stateWith } from "../../../support/chat/catalog-fixtures";

const catalog = memoryCatalog([]);
const context = (
  state = stateWith([product("a", { price: 300 }), product("b", { price: 100, rating: 5 })]),
) => ({
  catalog,
  state,
  deltas: async () => [],
});

describe("catalog tools", () => {
  it("sorts by price ascending and records a SORT delta", async () => {
    const outcome = await runCatalogTool(context(), "sort_products", { by: "price" });
    expect(outcome.tool_result).toBe("ok: 2 products sorted by price asc");
    expect(outcome.change?.state.current.data.products.map((p) => p.id)).toEqual(["b", "a"]);
    expect(outcome.change?.delta.action.type).toBe("SORT");
  });

  it("changes the layout with a LAYOUT delta and the template follows it", async () => {
    const outcome = await runCatalogTool(context(), "change_layout", { layout: "table" });
    expect(outcome.change?.delta.action).toEqual({
      type: "LAYOUT",
      tool: "change_layout",
      params: { layout: "table" },
    });
    expect(fallbackTemplate("q", outcome.change?.state ?? emptyState()).layout).toBe("table");
  });

  it("rejects invalid arguments naming the field", async () => {
    await expect(runCatalogTool(context(), "filter_products", { max_price: "cheap" })).rejects.toMatchObject({
      category: "validation",
      issues: [expect.objectContaining({ path: "max_price" })],
    });
    await expect(runCatalogTool(context(), "filter_products", { colour: "red" })).rejects.toMatchObject({
      category: "validation",
    });
  });

  it("a search that finds nothing leaves the state alone", async () => {
    expect(await runCatalogTool(context(), "search_products", { query: "zzz" })).toEqual({
      tool_result: "empty: no products found",
    });
  });
});

describe("fallback template", () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => product(String(i)));
  it("one product → single, a few → grid, many → list; fields from meta", () => {
    expect(fallbackTemplate("q", stateWith(many(1))).layout).toBe("single");
    expect(fallbackTemplate("q", stateWith(many(5))).layout).toBe("grid");
    const list = fallbackTemplate("q", stateWith(many(40)));
    expect(list.layout).toBe("list");
    expect(list.fields).toEqual(["name", "brand", "category", "price", "rating", "stock_quantity"]);
  });
  it("an empty state gets an empty message", () => {
    expect(fallbackTemplate("q", emptyState()).empty_message).toBeTruthy();
  });
});
