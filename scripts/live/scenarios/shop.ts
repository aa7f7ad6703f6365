import { generateSearchQueries } from "../../../functions/shop/domain/substitution/query-generator";
import { rankSubstitutesByValue } from "../../../functions/shop/domain/substitution/value-ranker";
import { brief, type LiveScenario } from "../types";

interface QueryExample {
  name: string;
  productName: string;
  /** The seed's answer, shown as the expectation. */
  seedPrimary: string;
  /** Words the primary query must keep (the product type), and what it must drop (brand, size). */
  mustKeep: string[];
}

const BRAND_OR_SIZE = /\bauchan\b|\d/i;

/**
 * Seed 000, section 3.1: the query generator's three examples. A model's wording differs from the seed's,
 * so a match is a model answer (not the heuristic) whose primary query keeps the product type, drops the
 * brand and the size, and comes with at least one broader fallback.
 */
const queryExample = (example: QueryExample): LiveScenario => ({
  area: "shop",
  name: example.name,
  seed: "000",
  expected: `primary ≈ "${example.seedPrimary}" (keeps ${example.mustKeep.join(", ")}; no brand, no size) + fallbacks`,
  async run({ llm, logger }) {
    const { queries, source } = await generateSearchQueries(
      { llm, logger },
      { productName: example.productName },
    );
    const primary = queries.primaryQuery.toLowerCase();
    return {
      got: `"${queries.primaryQuery}" + ${brief(queries.fallbackQueries, 60)} [${source}]`,
      match:
        source === "llm" &&
        example.mustKeep.every((word) => primary.includes(word)) &&
        !BRAND_OR_SIZE.test(primary) &&
        queries.fallbackQueries.length >= 1,
    };
  },
});

/** Seed 000, section 7: Auchan (store) first, Iglo (national) second, the organic premium pack last. */
const SECTION_7_ORDER = ["auchan-rodelas-450g", "iglo-cubos-400g", "bio-300g"];

const valueOrder: LiveScenario = {
  area: "shop",
  name: "value-order-section-7",
  seed: "000",
  expected: SECTION_7_ORDER.join(" > "),
  async run({ llm, logger }) {
    const { output, source } = await rankSubstitutesByValue(
      { llm, logger },
      {
        originalProduct: {
          name: "Batata Doce Auchan em Cubos para Cozer 400g",
          price: 1.69,
          pricePerUnit: "4,23€/kg",
          size: "400g",
        },
        // Listed in the reverse of the expected order, so a model that keeps the input order fails.
        candidates: [
          {
            productId: "bio-300g",
            name: "Batata Doce Bio Congelada 300g",
            price: 3.49,
            pricePerUnit: "11,63€/kg",
            size: "300g",
            available: true,
          },
          {
            productId: "iglo-cubos-400g",
            name: "Batata Doce Iglo Cubos 400g",
            price: 2.99,
            pricePerUnit: "7,48€/kg",
            brand: "Iglo",
            size: "400g",
            available: true,
          },
          {
            productId: "auchan-rodelas-450g",
            name: "Batata Doce Auchan Rodelas Congelada 450g",
            price: 2.29,
            pricePerUnit: "5,09€/kg",
            brand: "Auchan",
            size: "450g",
            available: true,
          },
        ],
      },
    );
    const order = output.rankings.map((r) => r.productId);
    return {
      got: `${order.join(" > ")} [${source}]`,
      match: source === "llm" && order.join(">") === SECTION_7_ORDER.join(">"),
    };
  },
};

export const SHOP_LIVE_SCENARIOS: LiveScenario[] = [
  queryExample({
    name: "query-batata-doce",
    productName: "batata doce auchan em cubos para cozer 400g",
    seedPrimary: "batata doce cubos congelada",
    mustKeep: ["batata", "doce"],
  }),
  queryExample({
    name: "query-requeijao",
    productName: "requeijão de ovelha auchan à mesa em portugal cultivamos o bom seia 200g",
    seedPrimary: "requeijão ovelha",
    mustKeep: ["requeijão", "ovelha"],
  }),
  queryExample({
    name: "query-fiambre",
    productName: "fiambre da pá auchan fatias 200g",
    seedPrimary: "fiambre pá fatiado",
    mustKeep: ["fiambre"],
  }),
  valueOrder,
];
