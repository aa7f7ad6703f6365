import { describe, expect, it } from "vitest";
import { playScenario } from "../../../dev/negotiate/play-scenario";
import { NEGOTIATION_SCENARIOS } from "../../../dev/negotiate/scenarios";
import { runCampaignChat } from "../../../functions/chat/campaigns/domain/use-cases/run-campaign-chat";
import { createLlmAgent1 } from "../../../functions/chat/catalog/adapters/llm-catalog-agents";
import { createLlmPatchOpsGenerator } from "../../../functions/cook/adapters/llm-patch-ops-generator";
import { createEmbedding } from "../../../functions/core/embedding/create-embedding";
import { readEmbeddingConfig } from "../../../functions/core/embedding/embedding-config";
import { generateSearchQueries } from "../../../functions/shop/domain/substitution/query-generator";
import {
  EXPLAIN_SUBSTITUTES_SCHEMA_NAME,
  explainSubstitutes,
} from "../../../functions/shop/domain/substitution/reason-generator";
import {
  RANK_SUBSTITUTES_SCHEMA_NAME,
  SEARCH_QUERY_SCHEMA_NAME,
} from "../../../functions/shop/domain/substitution/substitution-contracts";
import { originalItemFromCartLine } from "../../../functions/shop/domain/substitution/substitution-worker";
import {
  rankByHeuristic,
  rankSubstitutesByValue,
} from "../../../functions/shop/domain/substitution/value-ranker";
import { createInMemoryCampaignRepository } from "../../../scripts/live/scenarios/in-memory-campaign-repository";
import { createKitchenDeps, FRIDAY_DINNER, PLAN_ID, storedMeal } from "../../support/cook/kitchen-plan";
import { runKitchenChatOnModel } from "../../support/cook/run-kitchen-chat-on-model";
import {
  call,
  calls,
  createRealisticFakeLlm,
  empty,
  fenced,
  listedIds,
  malformed,
  refusal,
} from "../../support/llm/realistic-fake-llm";
import {
  RecordingCoordinatorLogger,
  SWEET_POTATO_CANDIDATES,
  SWEET_POTATO_ORIGINAL,
} from "../../support/shop/coordinator-fixtures";

// Each area against a model that answers as real models do (tests/support/llm/realistic-fake-llm.ts):
// every quirk ends corrected, asked again once, or on the offline path with its reason; never a failure
// of the request, never a wrong answer presented as right.

describe("catalog chat Agent 1 with a realistic model", () => {
  const agent = (reply: Parameters<typeof createRealisticFakeLlm>[0]["turn"]) => {
    const logger = new RecordingCoordinatorLogger();
    return { agent: createLlmAgent1(createRealisticFakeLlm({ turn: reply }), logger), logger };
  };

  it("reads a number sent as text ('100 000 ₽') and drops an argument the tool does not have", async () => {
    const { agent: a, logger } = agent(() =>
      call("filter_products", { max_price: "100 000 ₽", reasoning: "the user wants cheap ones" }),
    );
    expect(await a.chooseTool("дешевле 100000")).toEqual({
      tool: "filter_products",
      args: { max_price: 100_000 },
    });
    expect(logger.records).toEqual([]);
  });

  it("never guesses a price that reads two ways ('4,200'): the offline rules read the message instead", async () => {
    const { agent: a, logger } = agent(() => call("filter_products", { max_price: "4,200" }));
    // 4.2 or 4200: a filter on either would show a set the user did not ask for as right.
    expect(await a.chooseTool("не дороже 4200")).toEqual({
      tool: "filter_products",
      args: { max_price: 4_200 },
    });
    expect(logger.records.length).toBeGreaterThan(0);
  });

  it("takes the first valid call of several in one turn", async () => {
    const { agent: a } = agent(() =>
      calls([
        { name: "filter_products", arguments: { max_price: "cheap" } },
        { name: "filter_products", arguments: { brand: "Asus" } },
      ]),
    );
    expect(await a.chooseTool("покажи только Asus")).toEqual({
      tool: "filter_products",
      args: { brand: "Asus" },
    });
  });

  it.each([
    ["malformed arguments", malformed("filter_products", '{"max_price": 50000'), "arguments are not JSON"],
    ["a refusal", refusal(), "answered in words"],
    ["an empty answer", empty(), "empty answer"],
  ])("answers %s from the offline rules and logs why", async (_, reply, reason) => {
    const { agent: a, logger } = agent(() => reply);
    expect(await a.chooseTool("только до 50000")).toEqual({
      tool: "filter_products",
      args: { max_price: 50_000 },
    });
    expect(logger.records.some((r) => JSON.stringify(r).includes(reason))).toBe(true);
  });
});

describe("the shop's query, rank and reason steps with a realistic model", () => {
  const logger = () => new RecordingCoordinatorLogger();
  const original = originalItemFromCartLine(SWEET_POTATO_ORIGINAL);
  const candidates = SWEET_POTATO_CANDIDATES.slice(0, 4);

  it("query: JSON in a code fence is asked again once and the corrected answer used", async () => {
    const llm = createRealisticFakeLlm({
      [SEARCH_QUERY_SCHEMA_NAME]: ({ attempt }) =>
        attempt === 1
          ? fenced({ primaryQuery: "batata doce cubos" })
          : call(SEARCH_QUERY_SCHEMA_NAME, {
              primaryQuery: "batata doce cubos",
              fallbackQueries: ["batata doce"],
              inferredCategory: "congelados",
              searchStrategy: "category",
              reasoning: "Brand and size removed.",
              confidence: "high",
            }),
    });
    const outcome = await generateSearchQueries(
      { llm, logger: logger() },
      { productName: SWEET_POTATO_ORIGINAL.name, originalPrice: SWEET_POTATO_ORIGINAL.price },
    );
    expect(llm.requests).toHaveLength(2);
    expect(JSON.stringify(outcome)).toContain("batata doce cubos");
    expect(JSON.stringify(outcome)).not.toContain('"source":"heuristic"');
  });

  it("rank: an id not among the candidates, then the same id twice, ends on the heuristic ranking", async () => {
    const ranking = (productId: string, rank: number) => ({
      productId,
      rank,
      valueScore: 0.9,
      brandPreference: "store",
      recommendation: "strong",
      reason: "Best value",
    });
    const llm = createRealisticFakeLlm({
      [RANK_SUBSTITUTES_SCHEMA_NAME]: ({ attempt, text }) => {
        const [first] = listedIds(text);
        return attempt === 1
          ? call(RANK_SUBSTITUTES_SCHEMA_NAME, { rankings: [ranking("9999999", 1)], summary: "x" })
          : call(RANK_SUBSTITUTES_SCHEMA_NAME, {
              rankings: [ranking(first ?? "", 1), ranking(first ?? "", 2)],
              summary: "x",
            });
      },
    });
    const log = logger();
    const outcome = await rankSubstitutesByValue(
      { llm, logger: log },
      { originalProduct: SWEET_POTATO_ORIGINAL, candidates },
    );
    expect(llm.requests).toHaveLength(2);
    expect(outcome.source).toBe("heuristic");
    expect(outcome.output).toEqual(rankByHeuristic({ originalProduct: SWEET_POTATO_ORIGINAL, candidates }));
    expect(log.records.length).toBeGreaterThan(0);
  });

  it("reason: a refusal then an empty answer keep the ranking's reasons (heuristic), never a half answer", async () => {
    const ranked = rankByHeuristic({ originalProduct: SWEET_POTATO_ORIGINAL, candidates }).rankings.map(
      (r) => ({
        ...r,
        name: candidates.find((c) => c.productId === r.productId)?.name ?? "",
        price: candidates.find((c) => c.productId === r.productId)?.price ?? 0,
      }),
    );
    const llm = createRealisticFakeLlm({
      [EXPLAIN_SUBSTITUTES_SCHEMA_NAME]: ({ attempt }) => (attempt === 1 ? refusal() : empty()),
    });
    const outcome = await explainSubstitutes({ llm, logger: logger() }, { original, candidates: ranked });
    expect(llm.requests).toHaveLength(2);
    expect(outcome).toEqual({ candidates: ranked, source: "heuristic" });
  });
});

describe("campaign chat with a realistic model", () => {
  const now = new Date("2026-06-15T12:00:00Z");
  const deps = (llm: ReturnType<typeof createRealisticFakeLlm>) => ({
    tools: {
      campaigns: createInMemoryCampaignRepository(now),
      embedding: createEmbedding(readEmbeddingConfig({}), { logger: null }),
      now: () => now,
      recentDays: 90,
    },
    llm,
    offline: false,
  });

  it("maps near-miss values, corrects an extra field after the tool's error, and answers from the right set", async () => {
    const llm = createRealisticFakeLlm({
      turn: ({ attempt }) =>
        attempt === 1
          ? call("filter_campaigns", {
              value_prop: ["cash back"],
              sentiment: "premium",
              why: "the user asked",
            })
          : attempt === 2
            ? calls([
                { name: "filter_campaigns", arguments: { value_prop: ["Cashback"], sentiment: ["PREMIUM"] } },
                { name: "semantic_search", arguments: { query: "cash back premium", channel: "e-mail" } },
              ])
            : { kind: "refusal", text: "Here are the Cash Back, Premium campaigns." },
    });
    const answer = await runCampaignChat(deps(llm), {
      message: "What are the offers from Cash Back, Premium campaigns?",
    });
    expect(answer.status).toBe("completed");
    expect(answer.detectedFilters).toMatchObject({
      value_prop: ["Cash Back / Rewards"],
      sentiment: ["Premium"],
    });
    // The first call's extra field came back to the model as an error naming it.
    const toolResults = JSON.stringify(llm.requests[1]?.request.messages);
    expect(toolResults).toContain("why");
  });

  it("a malformed call and then an empty answer still answer from the offline router, with status offline or a summary", async () => {
    const llm = createRealisticFakeLlm({
      turn: ({ attempt }) =>
        attempt === 1 ? malformed("filter_campaigns", "{value_prop: cash back") : empty(),
    });
    const answer = await runCampaignChat(deps(llm), { message: "Show me Email campaigns" });
    expect(answer.response.trim().length).toBeGreaterThan(0);
    expect(answer.campaigns.every((c) => answer.status !== "completed" || c.channel === "Email")).toBe(true);
  });
});

describe("negotiation experts, orchestrator and crafter with a realistic model", () => {
  const scenario = NEGOTIATION_SCENARIOS.find((s) => s.name === "counter");
  if (!scenario) throw new Error("the counter scenario is missing");
  const scripted = (tool: string, attempt: number) =>
    (scenario.script[tool] ?? [])[Math.min(attempt - 1, (scenario.script[tool]?.length ?? 1) - 1)];

  it("fenced, refused and extra-field answers are asked again once and the round acts as a sound model would", async () => {
    const seen = new Map<string, number>();
    const handler = (tool: string) => () => {
      const n = (seen.get(tool) ?? 0) + 1;
      seen.set(tool, n);
      const answer = scripted(tool, Math.ceil(n / 2));
      if (n % 2 === 1 && tool === "extract_quote") return fenced(answer);
      if (n % 2 === 1 && tool === "orchestrate_decision") return refusal();
      if (n % 2 === 1 && tool === "generate_counter_offer") return empty();
      return call(tool, { ...(answer as object), confidenceNote: "extra field" });
    };
    const llm = createRealisticFakeLlm(
      Object.fromEntries(Object.keys(scenario.script).map((tool) => [tool, handler(tool)])),
    );
    const played = await playScenario(llm, scenario);
    expect(played.map((t) => t.response.action)).toEqual(["counter"]);
  });

  it("an orchestrator that only refuses never leads to an accept: the round escalates", async () => {
    const handlers = Object.fromEntries(
      Object.keys(scenario.script).map((tool) => [
        tool,
        tool === "orchestrate_decision"
          ? () => refusal()
          : ({ attempt }: { attempt: number }) => call(tool, scripted(tool, attempt)),
      ]),
    );
    const played = await playScenario(createRealisticFakeLlm(handlers), scenario);
    expect(played.map((t) => t.response.action)).toEqual(["escalate"]);
  });
});

describe("kitchen chat and its variants with a realistic model", () => {
  const REPLACE = {
    op: "replace_ingredient",
    target_index: 0,
    target_name: "chicken",
    replacement: { name: "tofu", quantity: "400 g" },
  };

  it("an extra field, malformed arguments and a fenced patch are corrected: Friday's variant uses tofu", async () => {
    const llm = createRealisticFakeLlm({
      turn: ({ attempt }) =>
        [
          call("get_plan", { include_notes: true }),
          malformed("modify_recipe", '{"date": "2025-01-03", "meal_type": "dinner", "instruction": '),
          call("modify_recipe", { ...FRIDAY_DINNER, instruction: "replace the chicken with tofu" }),
        ][attempt - 1] ?? { kind: "refusal", text: "Friday's stir fry now uses tofu." },
      generate_patch_ops: ({ attempt }) =>
        attempt === 1
          ? fenced({ ops: [REPLACE] })
          : call("generate_patch_ops", { ops: [REPLACE], needs_clarification: false, note: "extra" }),
    });
    const deps = await createKitchenDeps({
      overrides: { patchOpsGenerator: createLlmPatchOpsGenerator(llm) },
    });
    const result = await runKitchenChatOnModel(
      { cook: deps, llm },
      { snapshot_id: PLAN_ID, message: "Swap the chicken for tofu on Friday" },
    );
    expect(result.status).toBe("completed");
    const meal = await storedMeal(deps, FRIDAY_DINNER);
    expect(meal?.variant?.compiled_recipe.ingredients_raw[0]).toContain("tofu");
    // The malformed call came back to the model as an error it corrected, not as a change.
    expect(result.tool_calls.filter((c) => c.name === "modify_recipe").map((c) => c.ok)).toEqual([
      false,
      true,
    ]);
  });

  it("a patch generator that refuses twice changes nothing and the chat says so, never a variant", async () => {
    const llm = createRealisticFakeLlm({
      turn: ({ attempt }) =>
        attempt === 1
          ? call("modify_recipe", { ...FRIDAY_DINNER, instruction: "make it taste like the moon" })
          : { kind: "refusal", text: "I could not change Friday's dinner." },
      generate_patch_ops: () => refusal(),
    });
    const deps = await createKitchenDeps({
      overrides: { patchOpsGenerator: createLlmPatchOpsGenerator(llm) },
    });
    const result = await runKitchenChatOnModel(
      { cook: deps, llm },
      { snapshot_id: PLAN_ID, message: "Make Friday's dinner taste like the moon" },
    );
    expect(result.response.trim().length).toBeGreaterThan(0);
    expect((await storedMeal(deps, FRIDAY_DINNER))?.variant).toBeUndefined();
  });
});
