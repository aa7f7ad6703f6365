import { createLlmAgent1 } from "../../../functions/chat/catalog/adapters/llm-catalog-agents";
import { brief, type LiveScenario } from "../types";

type Expected = {
  tool: "search_products" | "filter_products";
  /** Arguments that must be there with this value (strings compare case-insensitively). */
  args?: Record<string, string | number>;
  /** Numeric arguments that must lie in [min, max] ("с рейтингом выше 4": 4 or a little above). */
  ranges?: Record<string, [number, number]>;
};

const inRange = (got: unknown, [min, max]: [number, number]): boolean => {
  const value = Number(got);
  return got !== undefined && got !== null && Number.isFinite(value) && value >= min && value <= max;
};

const sameArg = (got: unknown, want: string | number): boolean =>
  typeof want === "number"
    ? Number(got) === want
    : String(got ?? "")
        .trim()
        .toLowerCase() === want.toLowerCase();

const example = (name: string, query: string, expected: Expected): LiveScenario => ({
  area: "catalog-chat",
  name,
  seed: "004",
  expected: `${expected.tool}(${[
    expected.args ? brief(expected.args) : "",
    ...Object.entries(expected.ranges ?? {}).map(([k, [min, max]]) => `${k} in ${min}..${max}`),
  ]
    .filter(Boolean)
    .join(", ")})`,
  async run({ llm, logger }) {
    const call = await createLlmAgent1(llm, logger).chooseTool(query);
    return {
      got: `${call.tool}(${brief(call.args)})`,
      match:
        call.tool === expected.tool &&
        Object.entries(expected.args ?? {}).every(([key, want]) => sameArg(call.args[key], want)) &&
        Object.entries(expected.ranges ?? {}).every(([key, range]) => inRange(call.args[key], range)),
    };
  },
});

/**
 * Seed 004: Agent 1 (the model behind createLlmAgent1, the adapter the catalog chat wires) picks a new
 * search or a filter of the current products, for the seed's examples in Russian and in English.
 */
export const CATALOG_CHAT_LIVE_SCENARIOS: LiveScenario[] = [
  example("ru-search-laptops", "покажи ноутбуки", { tool: "search_products" }),
  example("ru-search-nike-sneakers", "найди кроссовки Nike", { tool: "search_products" }),
  example("ru-filter-max-price", "только до 50000", { tool: "filter_products", args: { max_price: 50000 } }),
  example("ru-filter-brand", "покажи только Samsung", {
    tool: "filter_products",
    args: { brand: "Samsung" },
  }),
  example("ru-filter-rating", "с рейтингом от 4.5", { tool: "filter_products", args: { min_rating: 4.5 } }),
  example("ru-filter-cheaper", "дешевле 100000", { tool: "filter_products", args: { max_price: 100000 } }),
  example("en-search-shoes-under", "Nike shoes under $100", {
    tool: "search_products",
    args: { max_price: 100 },
  }),
  example("en-search-laptops", "show me laptops", { tool: "search_products" }),
  example("en-filter-brand", "only Nike", { tool: "filter_products", args: { brand: "Nike" } }),
  // "Cheap" names no figure: the seed's max_price=20000 is one reading, so only the search and the brand count.
  example("ru-search-cheap-samsung-phones", "дешевые телефоны Samsung", {
    tool: "search_products",
    args: { brand: "Samsung" },
  }),
  example("ru-filter-brand-asus", "покажи только Asus", { tool: "filter_products", args: { brand: "Asus" } }),
  example("ru-filter-rating-above", "с рейтингом выше 4", {
    tool: "filter_products",
    ranges: { min_rating: [4, 4.1] },
  }),
];
