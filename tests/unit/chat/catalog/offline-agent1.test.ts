import { describe, expect, it } from "vitest";
import { offlineAgent1 } from "../../../../functions/chat/catalog/domain/agents/offline-agent1";

describe("offline Agent 1 on the seed's examples", () => {
  it.each([
    ["покажи ноутбуки", { tool: "search_products", args: { query: "ноутбуки" } }],
    ["найди кроссовки Nike", { tool: "search_products", args: { query: "кроссовки", brand: "Nike" } }],
    ["Nike shoes under $100", { tool: "search_products", args: { query: "Nike shoes", max_price: 100 } }],
    [
      "дешевые телефоны Samsung",
      { tool: "search_products", args: { query: "телефоны", brand: "Samsung", max_price: 20_000 } },
    ],
    ["только до 100000", { tool: "filter_products", args: { max_price: 100_000 } }],
    ["только до 50000", { tool: "filter_products", args: { max_price: 50_000 } }],
    ["дешевле 100000", { tool: "filter_products", args: { max_price: 100_000 } }],
    ["не дороже 4200", { tool: "filter_products", args: { max_price: 4_200 } }],
    ["дороже 4200", { tool: "filter_products", args: { min_price: 4_200 } }],
    ["покажи только Asus", { tool: "filter_products", args: { brand: "Asus" } }],
    ["покажи только Samsung", { tool: "filter_products", args: { brand: "Samsung" } }],
    ["с рейтингом от 4.5", { tool: "filter_products", args: { min_rating: 4.5 } }],
    ["с рейтингом выше 4", { tool: "filter_products", args: { min_rating: 4 } }],
    ["sort by price", { tool: "sort_products", args: { by: "price", order: "asc" } }],
    ["отсортируй по рейтингу по убыванию", { tool: "sort_products", args: { by: "rating", order: "desc" } }],
    ["покажи таблицей", { tool: "change_layout", args: { layout: "table" } }],
    ["undo", { tool: "rollback", args: {} }],
    ["go back to step 1", { tool: "rollback", args: { to_step: 1 } }],
  ])("%s", (query, call) => {
    expect(offlineAgent1(query)).toEqual(call);
  });
});
