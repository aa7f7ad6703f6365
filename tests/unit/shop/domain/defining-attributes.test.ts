import { describe, expect, it } from "vitest";
import { nameDifferences, readAttributes } from "../../../../functions/shop/domain/product-attributes";
import {
  DIFFERS_PREFIX,
  substituteDifferences,
} from "../../../../functions/shop/domain/substitution/attribute-guard";
import { STORE_BRAND_TIERS } from "../../../../functions/shop/domain/substitution/brand-tiers";
import {
  buildHeuristicQueries,
  generateSearchQueries,
} from "../../../../functions/shop/domain/substitution/query-generator";
import {
  EXPLAIN_SUBSTITUTES_SCHEMA_NAME,
  explainSubstitutes,
} from "../../../../functions/shop/domain/substitution/reason-generator";
import type { SubstituteCandidate } from "../../../../functions/shop/domain/substitution/substitution-contracts";
import { SUBSTITUTION_TEMPERATURE } from "../../../../functions/shop/domain/substitution/substitution-prompts";
import { PRICE_CAP_NOTE } from "../../../../functions/shop/domain/substitution/substitution-rules";
import {
  rankByHeuristic,
  rankSubstitutesByValue,
} from "../../../../functions/shop/domain/substitution/value-ranker";
import { createFakeLlm } from "../../../support/llm/fake-llm";
import { RecordingCoordinatorLogger } from "../../../support/shop/coordinator-fixtures";

const AUCHAN = STORE_BRAND_TIERS["auchan-pt"];

const candidate = (productId: string, name: string, price: number, pricePerUnit: string, brand?: string) =>
  ({
    productId,
    name,
    price,
    pricePerUnit,
    available: true,
    ...(brand ? { brand } : {}),
  }) as SubstituteCandidate;

const LACTOSE_FREE = {
  name: "leite auchan uht meio gordo sem lactose 1l",
  price: 1.08,
  pricePerUnit: "1.08 €/Lt",
};
const MILKS = [
  candidate("plain", "leite uht meio gordo polegar 1l", 0.79, "0.79 €/Lt", "POLEGAR"),
  candidate("choc", "leite com chocolate auchan 1l", 0.99, "0.99 €/Lt", "AUCHAN"),
  candidate("lf-mimosa", "leite mimosa sem lactose meio gordo 1l", 1.29, "1.29 €/Lt", "MIMOSA"),
  candidate("lf-covap", "leite covap 0% lactose meio gordo 1l", 1.35, "1.35 €/Lt", "COVAP"),
];

describe("what defines a product, read from its name (the store's lexicon as data)", () => {
  it.each([
    ["leite auchan uht meio gordo sem lactose 1l", { dietary: ["lactose_free"], fat: ["semi_skimmed"] }],
    ["azeite auchan bio virgem extra 500ml", { organic: ["organic"], grade: ["extra_virgin"] }],
    ["requeijão de ovelha auchan 200g", { source: ["sheep"] }],
    ["iogurte grego natural auchan 4x115g", { kind: ["greek"], flavour: ["natural"] }],
    ["bebida de aveia alpro 1l", { source: ["plant"] }],
    ["queijo flamengo fatiado 200g", { cut: ["sliced"] }],
    ["ervilhas congeladas 1kg", { state: ["frozen"] }],
  ])("%s", (name, attributes) => {
    expect(readAttributes(name)).toEqual(attributes);
  });

  it("names what a substitute loses, and accepts an upgrade (lactose-free for plain milk)", () => {
    expect(nameDifferences("leite sem lactose 1l", "leite uht 1l")).toEqual([
      { dimension: "dietary", from: "sem lactose", to: "com lactose" },
    ]);
    expect(nameDifferences("leite uht 1l", "leite sem lactose 1l")).toEqual([]);
    // A plant drink is not milk; a condensed milk is not milk; an extra virgin oil is not any oil.
    expect(nameDifferences("leite meio gordo 1l", "bebida de soja 1l")[0]).toMatchObject({
      to: "bebida vegetal",
    });
    expect(nameDifferences("leite meio gordo 1l", "leite condensado 397g")).toContainEqual({
      dimension: "kind",
      from: "simples",
      to: "condensado",
    });
    expect(nameDifferences("azeite virgem extra 750ml", "azeite 750ml")[0]).toMatchObject({
      from: "virgem extra",
      to: "não virgem extra",
    });
  });
});

describe("the heuristic ranker keeps the original's defining attributes", () => {
  it("ranks every lactose-free candidate above ordinary milk, which is never strong and says what differs", () => {
    const { rankings } = rankByHeuristic({ originalProduct: LACTOSE_FREE, candidates: MILKS }, AUCHAN);
    expect(
      rankings
        .slice(0, 2)
        .map((r) => r.productId)
        .sort(),
    ).toEqual(["lf-covap", "lf-mimosa"]);
    const plain = rankings.find((r) => r.productId === "plain");
    expect(plain?.recommendation).not.toBe("strong");
    expect(plain?.reason).toContain("sem lactose → com lactose");
    expect(rankings.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
  });

  it("when no candidate keeps them, the best is at most acceptable and its reason says what differs", () => {
    const sheep = { name: "requeijão de ovelha auchan 200g", price: 2.49, pricePerUnit: "12.45 €/Kg" };
    const { rankings, summary } = rankByHeuristic(
      {
        originalProduct: sheep,
        candidates: [
          candidate("cow-1", "requeijão auchan 200g", 1.49, "7.45 €/Kg", "AUCHAN"),
          candidate("cow-2", "requeijão de vaca polegar 250g", 1.69, "6.76 €/Kg", "POLEGAR"),
        ],
      },
      AUCHAN,
    );
    expect(rankings[0]?.recommendation).toBe("acceptable");
    expect(rankings[0]?.reason).toContain("de ovelha → de vaca");
    expect(summary).not.toMatch(/strong|acceptable|weak/);
  });

  it("lowers a model's strong for a candidate that loses one, with the reason, and ranks it below the keepers", async () => {
    const llm = createFakeLlm().onStructured("rank_substitutes_by_value", {
      rankings: [
        {
          productId: "plain",
          rank: 1,
          valueScore: 0.95,
          brandPreference: "store",
          recommendation: "strong",
          reason: "Mais barato.",
        },
        {
          productId: "lf-mimosa",
          rank: 2,
          valueScore: 0.7,
          brandPreference: "national",
          recommendation: "acceptable",
          reason: "Sem lactose.",
        },
      ],
      summary: "Leite Polegar primeiro.",
    });
    const { output, source } = await rankSubstitutesByValue(
      { llm, logger: new RecordingCoordinatorLogger(), tiers: AUCHAN },
      { originalProduct: LACTOSE_FREE, candidates: MILKS.filter((m) => m.productId !== "choc") },
    );
    expect(source).toBe("llm");
    expect(output.rankings[0]?.productId).toBe("lf-mimosa");
    const plain = output.rankings.find((r) => r.productId === "plain");
    expect(plain).toMatchObject({ recommendation: "acceptable" });
    expect(plain?.reason).toMatch(/^Diferente do original: sem lactose → com lactose/);
    expect(output.summary).not.toContain("Polegar primeiro");
    expect(llm.callsNamed("rank_substitutes_by_value")[0]).toMatchObject({
      request: { temperature: SUBSTITUTION_TEMPERATURE },
    });
  });
});

describe("queries keep the defining words and drop any brand and size", () => {
  it.each([
    ["leite auchan uht meio gordo sem lactose 1l", "leite meio gordo sem lactose"],
    ["azeite auchan bio virgem extra 500ml", "azeite bio virgem extra"],
    ["leite prado verde uht meio gordo 1l", "leite uht meio gordo"],
    ["leite de coco tai 400ml", "leite de coco"],
  ])("%s → %s", (name, primary) => {
    expect(buildHeuristicQueries({ productName: name }, AUCHAN).primaryQuery).toBe(primary);
  });

  it("drops a brand the store's brand field names though no list knows it", () => {
    const queries = buildHeuristicQueries({ productName: "leite quinta do ze meio gordo 1l" }, AUCHAN, {
      brands: ["QUINTA DO ZE"],
    });
    expect(queries.primaryQuery).toBe("leite meio gordo");
  });

  it("adds back a defining word the model dropped, and asks the model at the seed's temperature 0.3", async () => {
    const llm = createFakeLlm().onStructured("generate_search_query", {
      primaryQuery: "leite meio gordo",
      fallbackQueries: ["leite"],
      inferredCategory: "leite",
      reasoning: "sem marca",
    });
    const { queries } = await generateSearchQueries(
      { llm, logger: new RecordingCoordinatorLogger() },
      { productName: "leite auchan uht meio gordo sem lactose 1l" },
    );
    expect(queries.primaryQuery).toBe("leite meio gordo sem lactose");
    expect(llm.callsNamed("generate_search_query")[0]).toMatchObject({ request: { temperature: 0.3 } });
  });
});

describe("a model writing the reasons keeps the guards' notes", () => {
  it("the lactose-free milk's plain-milk substitute still says what differs, and a price over the cap stays said", async () => {
    const { rankings } = rankByHeuristic({ originalProduct: LACTOSE_FREE, candidates: MILKS }, AUCHAN);
    const ranked = rankings.map((r) => {
      const product = MILKS.find((m) => m.productId === r.productId);
      // The cap's note as the rules write it, on one of them (it must survive the rewrite too).
      const reason =
        r.productId === "lf-covap" ? `${r.reason} (${PRICE_CAP_NOTE} de +20% no preço)` : r.reason;
      return { ...r, reason, name: product?.name ?? "", price: product?.price ?? 0 };
    });
    const plainBefore = ranked.find((r) => r.productId === "plain");
    expect(plainBefore?.reason.startsWith(DIFFERS_PREFIX)).toBe(true);
    // A model that writes fluent reasons and forgets every note.
    const llm = createFakeLlm().onStructured(EXPLAIN_SUBSTITUTES_SCHEMA_NAME, (request) => {
      const ids = [...JSON.stringify(request.messages).matchAll(/productId: ([\w-]+)/g)].map((m) => m[1]);
      return {
        reasons: ids.map((productId) => ({ productId, reason: "Leite meio gordo, 1 l, mais barato" })),
      };
    });
    const outcome = await explainSubstitutes(
      { llm, logger: new RecordingCoordinatorLogger() },
      { original: { ...LACTOSE_FREE, productId: "lf", quantity: 1, categoryPath: [] }, candidates: ranked },
    );
    expect(outcome.source).toBe("llm");
    const plain = outcome.candidates.find((c) => c.productId === "plain");
    expect(plain?.reason).toMatch(/^Diferente do original: sem lactose → com lactose; Leite meio gordo/);
    expect(plain?.recommendation).not.toBe("strong");
    expect(outcome.candidates.find((c) => c.productId === "lf-covap")?.reason).toBe(
      `Leite meio gordo, 1 l, mais barato (${PRICE_CAP_NOTE} de +20% no preço)`,
    );
    // The prompt was told the notes.
    const prompt = JSON.stringify(llm.calls[0]?.request.messages);
    expect(prompt).toContain("guard notes (kept with your reason): Diferente do original: sem lactose");
    expect(prompt).toContain(`(${PRICE_CAP_NOTE} de +20% no preço)`);
  });
});

describe("what differs from the original, as data (a substitute's `differences`)", () => {
  it("names each lost attribute by its dimension, with the reason's own words on each side", () => {
    expect(substituteDifferences(LACTOSE_FREE.name, "leite uht meio gordo polegar 1l")).toEqual([
      { attribute: "dietary", original: "sem lactose", substitute: "com lactose" },
    ]);
    const { rankings } = rankByHeuristic({ originalProduct: LACTOSE_FREE, candidates: MILKS }, AUCHAN);
    const plain = rankings.find((r) => r.productId === "plain");
    for (const difference of substituteDifferences(LACTOSE_FREE.name, "leite uht meio gordo polegar 1l")) {
      expect(plain?.reason).toContain(`${difference.original} → ${difference.substitute}`);
    }
  });

  it("another kind of product and a pack of another use are differences too; a keeper has none", () => {
    expect(
      substituteDifferences("iogurte natural auchan 4x125g", "leite uht meio gordo auchan 1l"),
    ).toContainEqual(
      expect.objectContaining({ attribute: "product_type", original: "iogurte", substitute: "leite" }),
    );
    expect(
      substituteDifferences("leite uht meio gordo auchan 1l", "leite uht meio gordo mimosa 6x1l").map(
        (d) => d.attribute,
      ),
    ).toEqual(["pack"]);
    expect(substituteDifferences(LACTOSE_FREE.name, "leite mimosa sem lactose meio gordo 1l")).toEqual([]);
  });
});
