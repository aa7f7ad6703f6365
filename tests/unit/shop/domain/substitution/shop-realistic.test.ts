import { describe, expect, it } from "vitest";
import {
  PRUNE_STOCK_SCHEMA_NAME,
  pruneStock,
} from "../../../../../functions/shop/domain/pruning/stock-pruner";
import type {
  CoordinatorCartLine,
  CoordinatorProduct,
} from "../../../../../functions/shop/domain/store-shapes";
import { EXPLAIN_SUBSTITUTES_SCHEMA_NAME } from "../../../../../functions/shop/domain/substitution/reason-generator";
import {
  RANK_SUBSTITUTES_SCHEMA_NAME,
  SEARCH_QUERY_SCHEMA_NAME,
} from "../../../../../functions/shop/domain/substitution/substitution-contracts";
import {
  rankByHeuristic,
  rankSubstitutesByValue,
} from "../../../../../functions/shop/domain/substitution/value-ranker";
import { generateQueriesStep } from "../../../../../functions/shop/domain/use-cases/generate-queries-step";
import { generateReasonsStep } from "../../../../../functions/shop/domain/use-cases/generate-reasons-step";
import { rankCandidatesStep } from "../../../../../functions/shop/domain/use-cases/rank-candidates-step";
import { call, createRealisticFakeLlm, listedIds } from "../../../../support/llm/realistic-fake-llm";
import {
  RecordingCoordinatorLogger,
  SWEET_POTATO_CANDIDATES,
  SWEET_POTATO_ORIGINAL,
} from "../../../../support/shop/coordinator-fixtures";

// The shop's query, rank and reason steps against answers real models give (issue 35): near misses a
// well-built system reads, and plausible answers that contradict the input, which it must not pass on.

const candidates = SWEET_POTATO_CANDIDATES.slice(0, 4);
const RULES = { pinnedBrands: [], bannedBrands: [], priceCapPercent: 50 };

const entry = (productId: string, rank: number, overrides: Record<string, unknown> = {}) => ({
  productId,
  rank,
  valueScore: 0.7,
  brandPreference: "national",
  recommendation: "acceptable",
  reason: "Boa alternativa",
  ...overrides,
});

describe("the shop's rank step reads a real model's near misses", () => {
  it("scores as text ('0,85', '85%') and a percentage for a fraction (72) are the fractions meant", async () => {
    const llm = createRealisticFakeLlm({
      [RANK_SUBSTITUTES_SCHEMA_NAME]: () =>
        call(RANK_SUBSTITUTES_SCHEMA_NAME, {
          rankings: [
            entry("2394892", 1, { valueScore: "0,85", brandPreference: "store" }),
            entry("7137657", 2, { valueScore: "85%", brandPreference: "store" }),
            entry("8759275", 3, { valueScore: 72 }),
            entry("4422151", 4, { valueScore: "0.6", brandPreference: "store" }),
          ],
          summary: "Polegar 1 kg é o melhor valor.",
        }),
    });
    const outcome = await rankSubstitutesByValue(
      { llm, logger: new RecordingCoordinatorLogger() },
      { originalProduct: SWEET_POTATO_ORIGINAL, candidates },
    );
    expect(outcome.source).toBe("llm");
    const scores = Object.fromEntries(outcome.output.rankings.map((r) => [r.productId, r.valueScore]));
    expect(scores).toEqual({ "2394892": 0.85, "7137657": 0.85, "8759275": 0.72, "4422151": 0.6 });
    expect(llm.requests).toHaveLength(1);
  });

  it("an ambiguous or impossible score ('4,200', 250) is not guessed: asked again, then the heuristic", async () => {
    const llm = createRealisticFakeLlm({
      [RANK_SUBSTITUTES_SCHEMA_NAME]: ({ attempt }) =>
        call(RANK_SUBSTITUTES_SCHEMA_NAME, {
          rankings: [entry("2394892", 1, { valueScore: attempt === 1 ? "4,200" : 250 })],
          summary: "x",
        }),
    });
    const outcome = await rankSubstitutesByValue(
      { llm, logger: new RecordingCoordinatorLogger() },
      { originalProduct: SWEET_POTATO_ORIGINAL, candidates },
    );
    expect(llm.requests).toHaveLength(2);
    expect(outcome.source).toBe("heuristic");
    expect(outcome.output).toEqual(rankByHeuristic({ originalProduct: SWEET_POTATO_ORIGINAL, candidates }));
  });

  it("enum values in another case or words ('Store Brand', 'National', 'Strong', 'forte') are the seed's", async () => {
    // Ardo and Bonduelle are in no seed tier: their brandPreference is the model's word.
    const six = SWEET_POTATO_CANDIDATES.slice(0, 6);
    const llm = createRealisticFakeLlm({
      [RANK_SUBSTITUTES_SCHEMA_NAME]: () =>
        call(RANK_SUBSTITUTES_SCHEMA_NAME, {
          rankings: [
            entry("2394892", 1, {
              valueScore: 0.9,
              brandPreference: "Store Brand",
              recommendation: "Strong",
            }),
            entry("7137657", 2, {
              valueScore: 0.8,
              brandPreference: "marca própria",
              recommendation: "forte",
            }),
            entry("5214154", 3, {
              valueScore: 0.6,
              brandPreference: "National",
              recommendation: "Acceptable",
            }),
            entry("3250379", 4, { valueScore: 0.4, brandPreference: "PREMIUM", recommendation: "weak " }),
          ],
          summary: "Polegar 1 kg é o melhor valor.",
        }),
    });
    const outcome = await rankSubstitutesByValue(
      { llm, logger: new RecordingCoordinatorLogger() },
      { originalProduct: SWEET_POTATO_ORIGINAL, candidates: six },
    );
    expect(outcome.source).toBe("llm");
    const brands = Object.fromEntries(outcome.output.rankings.map((r) => [r.productId, r.brandPreference]));
    expect(brands).toMatchObject({
      "2394892": "store",
      "7137657": "store",
      "5214154": "national",
      "3250379": "premium",
    });
    expect(llm.requests).toHaveLength(1);
  });

  it("a null summary (nothing to say) is no summary: the ranking is used and ours describes it", async () => {
    const llm = createRealisticFakeLlm({
      [RANK_SUBSTITUTES_SCHEMA_NAME]: () =>
        call(RANK_SUBSTITUTES_SCHEMA_NAME, {
          rankings: [entry("2394892", 1, { valueScore: 0.9, brandPreference: "store" })],
          summary: null,
        }),
    });
    const outcome = await rankSubstitutesByValue(
      { llm, logger: new RecordingCoordinatorLogger() },
      { originalProduct: SWEET_POTATO_ORIGINAL, candidates },
    );
    expect(outcome.source).toBe("llm");
    expect(outcome.output.rankings[0]?.valueScore).toBe(0.9);
    expect(outcome.output.summary).toContain("a melhor: batata doce polegar");
    expect(llm.requests).toHaveLength(1);
  });

  it("a brand tier that contradicts the store's tiers (Polegar 'national', Iglo 'store') is the tiers'", async () => {
    const llm = createRealisticFakeLlm({
      [RANK_SUBSTITUTES_SCHEMA_NAME]: () =>
        call(RANK_SUBSTITUTES_SCHEMA_NAME, {
          rankings: [
            entry("2394892", 1, { valueScore: 0.9, brandPreference: "national" }),
            entry("8759275", 2, { valueScore: 0.8, brandPreference: "store" }),
          ],
          summary: "Polegar 1 kg é o melhor valor.",
        }),
    });
    const ranked = await rankCandidatesStep(
      { llm, logger: new RecordingCoordinatorLogger() },
      { item: SWEET_POTATO_ORIGINAL, policy: { policy: "best_match" }, rules: RULES, candidates },
    );
    expect(ranked.source).toBe("llm");
    const brands = Object.fromEntries(ranked.candidates.map((c) => [c.productId, c.brandPreference]));
    expect(brands).toMatchObject({ "2394892": "store", "8759275": "national" });
  });

  it("a candidate named by its product name (or 'ID 2394892') instead of its id is that candidate", async () => {
    const byName = (id: string) => candidates.find((c) => c.productId === id)?.name ?? "";
    const llm = createRealisticFakeLlm({
      [RANK_SUBSTITUTES_SCHEMA_NAME]: ({ text }) => {
        expect(listedIds(text)).toContain("2394892");
        return call(RANK_SUBSTITUTES_SCHEMA_NAME, {
          rankings: [
            entry("ID 2394892", 1, { valueScore: 0.92, brandPreference: "store" }),
            entry(byName("8759275").toUpperCase(), 2, { valueScore: 0.7 }),
            entry(byName("4422151"), 3, { valueScore: 0.5, brandPreference: "store" }),
          ],
          summary: "Polegar 1 kg é o melhor valor.",
        });
      },
    });
    const ranked = await rankCandidatesStep(
      { llm, logger: new RecordingCoordinatorLogger() },
      { item: SWEET_POTATO_ORIGINAL, policy: { policy: "best_match" }, rules: RULES, candidates },
    );
    expect(ranked.source).toBe("llm");
    expect(ranked.candidates[0]?.productId).toBe("2394892");
    expect(ranked.candidates[0]?.valueScore).toBe(0.92);
    expect(ranked.candidates.find((c) => c.productId === "8759275")?.valueScore).toBe(0.7);
    expect(llm.requests).toHaveLength(1);
  });

  it("two candidates with one name are never guessed between: the model is asked again", async () => {
    const twins = [
      candidates[0] as CoordinatorProduct,
      { ...(candidates[0] as CoordinatorProduct), productId: "7137658" },
    ];
    const llm = createRealisticFakeLlm({
      [RANK_SUBSTITUTES_SCHEMA_NAME]: ({ attempt }) =>
        call(RANK_SUBSTITUTES_SCHEMA_NAME, {
          rankings: [entry(attempt === 1 ? (twins[0]?.name ?? "") : "7137658", 1)],
          summary: "x",
        }),
    });
    const outcome = await rankSubstitutesByValue(
      { llm, logger: new RecordingCoordinatorLogger() },
      { originalProduct: SWEET_POTATO_ORIGINAL, candidates: twins },
    );
    expect(llm.requests).toHaveLength(2);
    expect(outcome.source).toBe("llm");
    expect(outcome.output.rankings[0]?.productId).toBe("7137658");
  });
});

// Seed 000's milk case: a lactose-free original, a plain milk that loses it, two that keep it.
const milk = (productId: string, name: string, price: number, brand: string): CoordinatorProduct => ({
  productId,
  name,
  price,
  pricePerUnit: `${price.toFixed(2)} €/L`,
  brand,
  size: "1l",
  available: true,
  categoryPath: ["alimentação", "leite-e-bebidas-vegetais", "leite"],
});
const MILK_ORIGINAL: CoordinatorCartLine = {
  ...milk("1000001", "leite auchan uht meio gordo sem lactose 1l", 1.09, "AUCHAN"),
  available: false,
  quantity: 6,
};
const PLAIN_MILK = milk("2000002", "leite mimosa uht meio gordo 1l", 0.95, "MIMOSA");
const AGROS_MILK = milk("3000003", "leite agros uht meio gordo sem lactose 1l", 1.15, "AGROS");
const POLEGAR_MILK = milk("4000004", "leite polegar uht meio gordo sem lactose 1l", 0.99, "POLEGAR");

describe("the shop's reason step never passes on a reason that contradicts its candidate", () => {
  it("a reason claiming 'sem lactose' for the plain milk, or naming another candidate, keeps the ranking's reason", async () => {
    const quiet = createRealisticFakeLlm({});
    const ranked = await rankCandidatesStep(
      { llm: quiet, logger: new RecordingCoordinatorLogger() },
      {
        item: MILK_ORIGINAL,
        policy: { policy: "best_match" },
        rules: RULES,
        candidates: [PLAIN_MILK, AGROS_MILK, POLEGAR_MILK],
      },
    );
    expect(ranked.source).toBe("heuristic");
    const before = Object.fromEntries(ranked.candidates.map((c) => [c.productId, c.reason]));
    expect(before[PLAIN_MILK.productId]).toContain("sem lactose → com lactose");

    const written: Record<string, string> = {
      [PLAIN_MILK.productId]: "Leite sem lactose meio gordo, 0,95 €/l contra 1,09 €/l: o mesmo, mais barato",
      [AGROS_MILK.productId]: "Marca própria Polegar, 0,99 €/l contra 1,09 €/l, sem lactose",
      [POLEGAR_MILK.productId]: "Marca própria, 0,99 €/l contra 1,09 €/l, também sem lactose",
    };
    const llm = createRealisticFakeLlm({
      [EXPLAIN_SUBSTITUTES_SCHEMA_NAME]: ({ text }) =>
        call(EXPLAIN_SUBSTITUTES_SCHEMA_NAME, {
          reasons: listedIds(text).map((productId) => ({ productId, reason: written[productId] })),
        }),
    });
    const logger = new RecordingCoordinatorLogger();
    const explained = await generateReasonsStep({ llm, logger }, { item: MILK_ORIGINAL, ranked });
    const after = Object.fromEntries(explained.candidates.map((c) => [c.productId, c.reason]));
    // The plain milk is not lactose-free, whatever the model wrote: its reason is the ranking's.
    expect(after[PLAIN_MILK.productId]).toBe(before[PLAIN_MILK.productId]);
    // The Agros reason describes the Polegar milk: not this candidate's reason.
    expect(after[AGROS_MILK.productId]).toBe(before[AGROS_MILK.productId]);
    // A reason that fits its candidate is used.
    expect(after[POLEGAR_MILK.productId]).toBe(written[POLEGAR_MILK.productId]);
    expect(explained.reasonsSource).toBe("llm");
    expect(logger.messages("warn").join("\n")).toContain("contradicts");
  });

  it("reasons keyed by the candidates' names instead of their ids are theirs", async () => {
    const ranked = await rankCandidatesStep(
      { llm: createRealisticFakeLlm({}), logger: new RecordingCoordinatorLogger() },
      {
        item: MILK_ORIGINAL,
        policy: { policy: "best_match" },
        rules: RULES,
        candidates: [AGROS_MILK, POLEGAR_MILK],
      },
    );
    const llm = createRealisticFakeLlm({
      [EXPLAIN_SUBSTITUTES_SCHEMA_NAME]: () =>
        call(EXPLAIN_SUBSTITUTES_SCHEMA_NAME, {
          reasons: [
            { productId: POLEGAR_MILK.name, reason: "Marca própria, 0,99 €/l contra 1,09 €/l" },
            { productId: `ID ${AGROS_MILK.productId}`, reason: "Marca nacional, 1,15 €/l contra 1,09 €/l" },
          ],
        }),
    });
    const explained = await generateReasonsStep(
      { llm, logger: new RecordingCoordinatorLogger() },
      { item: MILK_ORIGINAL, ranked },
    );
    expect(explained.reasonsSource).toBe("llm");
    const after = Object.fromEntries(explained.candidates.map((c) => [c.productId, c.reason]));
    expect(after).toEqual({
      [POLEGAR_MILK.productId]: "Marca própria, 0,99 €/l contra 1,09 €/l",
      [AGROS_MILK.productId]: "Marca nacional, 1,15 €/l contra 1,09 €/l",
    });
    expect(llm.requests).toHaveLength(1);
  });

  it("a reason that says the plain milk differs ('com lactose') is used, with the guard's note", async () => {
    const ranked = await rankCandidatesStep(
      { llm: createRealisticFakeLlm({}), logger: new RecordingCoordinatorLogger() },
      { item: MILK_ORIGINAL, policy: { policy: "best_match" }, rules: RULES, candidates: [PLAIN_MILK] },
    );
    const honest = "Leite com lactose, ao contrário do original sem lactose, 0,95 €/l";
    const llm = createRealisticFakeLlm({
      [EXPLAIN_SUBSTITUTES_SCHEMA_NAME]: () =>
        call(EXPLAIN_SUBSTITUTES_SCHEMA_NAME, {
          reasons: [{ productId: PLAIN_MILK.productId, reason: honest }],
        }),
    });
    const explained = await generateReasonsStep(
      { llm, logger: new RecordingCoordinatorLogger() },
      { item: MILK_ORIGINAL, ranked },
    );
    expect(explained.candidates[0]?.reason).toContain(honest);
    expect(explained.candidates[0]?.reason).toContain("sem lactose → com lactose");
  });
});

describe("a model's reason with a figure the input does not hold, or about another product, is not shown", () => {
  const milks = [PLAIN_MILK, AGROS_MILK, POLEGAR_MILK];

  it("reason step: an invented price ('0,79 €/l' for a 0,99 €/l milk) keeps the ranking's reason; a true difference is used", async () => {
    const ranked = await rankCandidatesStep(
      { llm: createRealisticFakeLlm({}), logger: new RecordingCoordinatorLogger() },
      { item: MILK_ORIGINAL, policy: { policy: "best_match" }, rules: RULES, candidates: milks },
    );
    const before = Object.fromEntries(ranked.candidates.map((c) => [c.productId, c.reason]));
    const written: Record<string, string> = {
      [PLAIN_MILK.productId]: "Leite com lactose, 0,95 €/l contra 1,09 €/l",
      [AGROS_MILK.productId]: "Marca nacional, 1,15 €/l, mais 0,06 € por litro, sem lactose",
      [POLEGAR_MILK.productId]: "Marca própria, 0,79 €/l contra 1,09 €/l, sem lactose",
    };
    const llm = createRealisticFakeLlm({
      [EXPLAIN_SUBSTITUTES_SCHEMA_NAME]: ({ text }) =>
        call(EXPLAIN_SUBSTITUTES_SCHEMA_NAME, {
          reasons: listedIds(text).map((productId) => ({ productId, reason: written[productId] })),
        }),
    });
    const explained = await generateReasonsStep(
      { llm, logger: new RecordingCoordinatorLogger() },
      { item: MILK_ORIGINAL, ranked },
    );
    const after = Object.fromEntries(explained.candidates.map((c) => [c.productId, c.reason]));
    expect(after[POLEGAR_MILK.productId]).toBe(before[POLEGAR_MILK.productId]);
    expect(after[AGROS_MILK.productId]).toBe(written[AGROS_MILK.productId]);
    expect(after[PLAIN_MILK.productId]).toContain(written[PLAIN_MILK.productId]);
  });

  it("rank step: a ranking reason claiming 'sem lactose' for the plain milk is replaced by the reason from the numbers", async () => {
    const llm = createRealisticFakeLlm({
      [RANK_SUBSTITUTES_SCHEMA_NAME]: () =>
        call(RANK_SUBSTITUTES_SCHEMA_NAME, {
          rankings: [
            entry(PLAIN_MILK.productId, 1, {
              valueScore: 0.9,
              reason: "Leite sem lactose mais barato, 0,95 €/l",
            }),
            entry(POLEGAR_MILK.productId, 2, {
              valueScore: 0.85,
              reason: "Marca própria sem lactose, 0,99 €/l",
            }),
          ],
          summary: "O leite Mimosa é o melhor valor.",
        }),
    });
    const logger = new RecordingCoordinatorLogger();
    const ranked = await rankCandidatesStep(
      { llm, logger },
      {
        item: MILK_ORIGINAL,
        policy: { policy: "best_match" },
        rules: RULES,
        candidates: [PLAIN_MILK, POLEGAR_MILK],
      },
    );
    expect(ranked.source).toBe("llm");
    const reasons = Object.fromEntries(ranked.candidates.map((c) => [c.productId, c.reason]));
    expect(reasons[PLAIN_MILK.productId]).not.toContain("Leite sem lactose mais barato");
    expect(reasons[PLAIN_MILK.productId]).toContain("sem lactose → com lactose");
    expect(reasons[POLEGAR_MILK.productId]).toBe("Marca própria sem lactose, 0,99 €/l");
    expect(logger.messages("warn").join("\n")).toContain("contradicts");
  });
});

describe("the shop's query step with a real model's answers", () => {
  const generate = (
    llm: ReturnType<typeof createRealisticFakeLlm>,
    logger = new RecordingCoordinatorLogger(),
  ) => generateQueriesStep({ llm, logger }, { item: SWEET_POTATO_ORIGINAL });

  it("a searchStrategy in another case ('Category') is the seed's value, not a reason to drop the answer", async () => {
    const llm = createRealisticFakeLlm({
      [SEARCH_QUERY_SCHEMA_NAME]: () =>
        call(SEARCH_QUERY_SCHEMA_NAME, {
          primaryQuery: "batata doce cubos congelada",
          fallbackQueries: ["batata doce congelada", "legumes congelados cubos"],
          inferredCategory: "congelados",
          reasoning: "Marca e tamanho removidos.",
          searchStrategy: "Category",
        }),
    });
    const outcome = await generate(llm);
    expect(outcome.source).toBe("llm");
    expect(outcome.queries.searchStrategy).toBe("category");
    expect(outcome.queries.fallbackQueries).toContain("legumes congelados cubos");
    expect(llm.requests).toHaveLength(1);
  });

  it("a query naming a brand the household banned ('… frudesa') loses it, so the search finds other brands", async () => {
    const llm = createRealisticFakeLlm({
      [SEARCH_QUERY_SCHEMA_NAME]: () =>
        call(SEARCH_QUERY_SCHEMA_NAME, {
          primaryQuery: "batata doce cubos congelada Frudesa",
          fallbackQueries: ["batata doce frudesa", "batata doce congelada"],
          inferredCategory: "congelados",
          reasoning: "Frudesa é a alternativa habitual.",
        }),
    });
    const outcome = await generateQueriesStep(
      { llm, logger: new RecordingCoordinatorLogger() },
      {
        item: SWEET_POTATO_ORIGINAL,
        rules: { bannedBrands: ["Frudesa"], pinnedBrands: [], priceCapPercent: 20 },
      },
    );
    expect(outcome.source).toBe("llm");
    expect(JSON.stringify(outcome.queries).toLowerCase()).not.toContain("frudesa");
    expect(outcome.queries.primaryQuery).toBe("batata doce cubos congelada");
  });

  it("a null inferredCategory and reasoning (nothing to say) do not drop the queries", async () => {
    const llm = createRealisticFakeLlm({
      [SEARCH_QUERY_SCHEMA_NAME]: () =>
        call(SEARCH_QUERY_SCHEMA_NAME, {
          primaryQuery: "batata doce cubos congelada",
          fallbackQueries: ["batata doce congelada"],
          inferredCategory: null,
          reasoning: null,
        }),
    });
    const outcome = await generate(llm);
    expect(outcome.source).toBe("llm");
    expect(outcome.queries.primaryQuery).toBe("batata doce cubos congelada");
    expect(llm.requests).toHaveLength(1);
  });

  it("queries in English for the Portuguese store are asked again once, naming the product's words", async () => {
    const llm = createRealisticFakeLlm({
      [SEARCH_QUERY_SCHEMA_NAME]: ({ attempt }) =>
        call(SEARCH_QUERY_SCHEMA_NAME, {
          primaryQuery: attempt === 1 ? "sweet potato cubes frozen" : "batata doce cubos congelada",
          fallbackQueries: attempt === 1 ? ["sweet potato"] : ["batata doce congelada"],
          inferredCategory: attempt === 1 ? "frozen vegetables" : "congelados",
          reasoning: "Brand and size removed.",
        }),
    });
    const outcome = await generate(llm);
    expect(llm.requests).toHaveLength(2);
    expect(JSON.stringify(llm.requests[1]?.request.messages)).toContain("European Portuguese");
    expect(outcome.source).toBe("llm");
    expect(outcome.queries.primaryQuery).toBe("batata doce cubos congelada");
    expect(outcome.queries.fallbackQueries).toEqual(["batata doce congelada"]);
  });

  it("a fallback in English beside a Portuguese primary query is dropped, the others kept", async () => {
    const llm = createRealisticFakeLlm({
      [SEARCH_QUERY_SCHEMA_NAME]: () =>
        call(SEARCH_QUERY_SCHEMA_NAME, {
          primaryQuery: "batata doce cubos congelada",
          fallbackQueries: ["sweet potato", "batata doce congelada", "legumes congelados"],
          inferredCategory: "congelados",
          reasoning: "Marca e tamanho removidos.",
        }),
    });
    const outcome = await generate(llm);
    expect(outcome.source).toBe("llm");
    expect(outcome.queries.fallbackQueries).toEqual(["batata doce congelada", "legumes congelados"]);
  });

  it("English queries twice end on the heuristic queries, with the reason logged", async () => {
    const llm = createRealisticFakeLlm({
      [SEARCH_QUERY_SCHEMA_NAME]: () =>
        call(SEARCH_QUERY_SCHEMA_NAME, {
          primaryQuery: "sweet potato cubes frozen",
          fallbackQueries: ["sweet potato"],
          inferredCategory: "frozen vegetables",
          reasoning: "Brand and size removed.",
        }),
    });
    const logger = new RecordingCoordinatorLogger();
    const outcome = await generate(llm, logger);
    expect(outcome.source).toBe("heuristic");
    expect(JSON.stringify(outcome.queries)).not.toContain("sweet");
    expect(logger.messages("warn").join("\n")).toContain("query generation failed");
  });
});

describe("the shop's stock-pruning step with a real model's answers", () => {
  const line = (productId: string, name: string): CoordinatorCartLine => ({
    productId,
    name,
    price: 2,
    available: true,
    quantity: 1,
    categoryPath: [],
  });
  const OIL = line("500001", "azeite virgem extra gallo 750ml");
  const RICE = line("500002", "arroz agulha cigala 1kg");
  const MILK = line("500003", "leite mimosa uht meio gordo 1l");
  const cart = [OIL, RICE, MILK];
  // Olive oil bought 5 days ago (lasts ~30): the cadence rule proposes it. Milk was never bought.
  const orders = [
    {
      orderNumber: "A1",
      placedOn: "2026-11-23",
      lines: [{ productId: OIL.productId, name: OIL.name, quantity: 1 }],
    },
    {
      orderNumber: "A0",
      placedOn: "2026-10-01",
      lines: [{ productId: RICE.productId, name: RICE.name, quantity: 1 }],
    },
  ];
  const today = "2026-11-28";

  it("the same line proposed twice is one proposal; a line named by its name is that line", async () => {
    const llm = createRealisticFakeLlm({
      [PRUNE_STOCK_SCHEMA_NAME]: () =>
        call(PRUNE_STOCK_SCHEMA_NAME, {
          proposals: [
            { productId: OIL.productId, reason: "Comprado há 5 dias; dura cerca de um mês." },
            { productId: OIL.name, reason: "Ainda deve haver azeite em casa." },
          ],
        }),
    });
    const outcome = await pruneStock(
      { llm, logger: new RecordingCoordinatorLogger() },
      { cart, orders, today },
    );
    expect(outcome.source).toBe("llm");
    expect(outcome.proposals.map((p) => p.productId)).toEqual([OIL.productId]);
    expect(outcome.proposals[0]?.reason).toBe("Comprado há 5 dias; dura cerca de um mês.");
  });

  it("a line the household never bought is not proposed as 'still at home', whatever the model says", async () => {
    const llm = createRealisticFakeLlm({
      [PRUNE_STOCK_SCHEMA_NAME]: () =>
        call(PRUNE_STOCK_SCHEMA_NAME, {
          proposals: [
            { productId: OIL.productId, reason: "Comprado há 5 dias; dura cerca de um mês." },
            { productId: MILK.productId, reason: "Comprado recentemente, ainda deve haver leite." },
          ],
        }),
    });
    const logger = new RecordingCoordinatorLogger();
    const outcome = await pruneStock({ llm, logger }, { cart, orders, today });
    expect(outcome.source).toBe("llm");
    expect(outcome.proposals.map((p) => p.productId)).toEqual([OIL.productId]);
    expect(logger.messages("warn").join("\n")).toContain("never bought");
  });
});
