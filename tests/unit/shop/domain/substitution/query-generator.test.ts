import { describe, expect, it } from "vitest";
import { LlmOutputInvalid, LlmUnavailable } from "../../../../../functions/core/llm";
import { STORE_BRAND_TIERS } from "../../../../../functions/shop/domain/substitution/brand-tiers";
import {
  buildHeuristicQueries,
  generateSearchQueries,
} from "../../../../../functions/shop/domain/substitution/query-generator";
import { QUERY_GENERATOR_SYSTEM_PROMPT } from "../../../../../functions/shop/domain/substitution/substitution-prompts";
import { createFakeLlm } from "../../../../support/llm/fake-llm";
import { RecordingCoordinatorLogger } from "../../../../support/shop/coordinator-fixtures";

const SWEET_POTATO = "batata doce auchan em cubos para cozer 400g";

describe("the heuristic query builder (strip brand + size)", () => {
  it.each([
    [SWEET_POTATO, "batata doce cubos"],
    ["requeijão de ovelha auchan à mesa em portugal cultivamos o bom seia 200g", "requeijão ovelha seia"],
    ["fiambre da pá auchan fatias 200g", "fiambre pá fatias"],
    ["leite mimosa sem lactose meio gordo 1l", "leite sem lactose meio gordo"],
    ["iogurte grego natural auchan 4x115g", "iogurte grego natural"],
  ])("turns %s into a primary query without brand or size", (name, primary) => {
    const queries = buildHeuristicQueries({ productName: name });
    expect(queries.primaryQuery).toBe(primary);
    expect(queries.primaryQuery).not.toMatch(/auchan|mimosa|\d/);
  });

  it("drops a brand named on the page (a tile's brand field), on no list", async () => {
    const input = {
      productName: "iogurte grego lactimonte natural 4x120g",
      brands: ["LACTIMONTE", "BRAND NOVA"],
    };
    expect(buildHeuristicQueries(input).primaryQuery).toBe("iogurte grego natural");
    const llm = createFakeLlm().onStructured("generate_search_query", {
      primaryQuery: "iogurte grego lactimonte",
      fallbackQueries: ["iogurte brand nova", "lactimonte"],
      inferredCategory: "iogurtes",
      reasoning: "x",
    });
    const { queries, source } = await generateSearchQueries(
      { llm, logger: new RecordingCoordinatorLogger() },
      input,
    );
    expect(source).toBe("llm");
    expect([queries.primaryQuery, ...queries.fallbackQueries].join(" | ")).not.toMatch(
      /lactimonte|brand nova/,
    );
  });

  it("makes the fallbacks progressively broader, each a prefix of the primary query", () => {
    const queries = buildHeuristicQueries({ productName: SWEET_POTATO });
    expect(queries.fallbackQueries).toEqual(["batata doce", "batata"]);
    const lengths = queries.fallbackQueries.map((q) => q.split(" ").length);
    expect(lengths).toEqual([...lengths].sort((a, b) => b - a));
  });

  it("strips the national brands a store's tiers add (ardo)", () => {
    const queries = buildHeuristicQueries(
      { productName: "batata doce em cubos congelada ardo 750g" },
      STORE_BRAND_TIERS["auchan-pt"],
    );
    expect(queries.primaryQuery).toBe("batata doce cubos congelada");
  });
});

describe("generateSearchQueries (seed's QueryGenerator, tool generate_search_query)", () => {
  const seedAnswer = {
    primaryQuery: "batata doce cubos congelada",
    fallbackQueries: ["batata doce congelada", "legumes congelados cubos"],
    inferredCategory: "frozen vegetables",
    reasoning: "Marca e tamanho removidos; produto congelado em cubos.",
  };

  it("asks the fast model with the seed's prompt and the product as data, and keeps its queries", async () => {
    const llm = createFakeLlm().onStructured("generate_search_query", seedAnswer);
    const result = await generateSearchQueries(
      { llm, logger: new RecordingCoordinatorLogger() },
      { productName: SWEET_POTATO, originalPrice: 1.69 },
    );
    expect(result.source).toBe("llm");
    expect(result.queries).toEqual({
      primaryQuery: "batata doce cubos congelada",
      fallbackQueries: ["batata doce congelada", "legumes congelados cubos"],
      inferredCategory: "frozen vegetables",
      searchStrategy: "category",
    });
    const call = llm.callsNamed("generate_search_query")[0];
    // The seed's prompt, verbatim, inside the substitution agent's shared system prompt.
    expect(call?.kind === "structured" && call.request.system).toContain(QUERY_GENERATOR_SYSTEM_PROMPT);
    expect(call?.kind === "structured" && call.request.model).toBe("fast");
    expect(JSON.stringify(call?.request)).toContain("<product>");
  });

  it("drops fallbacks that repeat the primary query or each other", async () => {
    const llm = createFakeLlm().onStructured("generate_search_query", {
      ...seedAnswer,
      fallbackQueries: ["Batata doce cubos congelada", "batata doce", "batata doce "],
    });
    const result = await generateSearchQueries(
      { llm, logger: new RecordingCoordinatorLogger() },
      { productName: SWEET_POTATO },
    );
    expect(result.queries.fallbackQueries).toEqual(["batata doce"]);
  });

  it.each([
    ["unavailable (offline)", new LlmUnavailable("LLM_PROVIDER=none")],
    ["invalid twice", new LlmOutputInvalid("bad", [])],
  ])("falls back to the heuristic when the model is %s, and logs a warning", async (_, error) => {
    const logger = new RecordingCoordinatorLogger();
    const llm = createFakeLlm().onStructured("generate_search_query", error);
    const result = await generateSearchQueries({ llm, logger }, { productName: SWEET_POTATO });
    expect(result.source).toBe("heuristic");
    expect(result.queries.primaryQuery).toBe("batata doce cubos");
    expect(logger.messages("warn")).toEqual(["LLM query generation failed, using heuristic"]);
  });

  it("refuses a model answer with an empty primary query (and uses the heuristic)", async () => {
    const llm = createFakeLlm().onStructured("generate_search_query", { ...seedAnswer, primaryQuery: "  " });
    const result = await generateSearchQueries(
      { llm, logger: new RecordingCoordinatorLogger() },
      { productName: SWEET_POTATO },
    );
    expect(result.source).toBe("heuristic");
  });
});
