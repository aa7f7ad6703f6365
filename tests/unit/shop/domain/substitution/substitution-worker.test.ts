import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { LlmUnavailable } from "../../../../../functions/core/llm";
import type { LlmPort } from "../../../../../functions/core/llm/llm-port";
import type {
  HouseholdPreferences,
  ItemPolicy,
} from "../../../../../functions/shop/domain/household-preferences";
import { defaultHouseholdPreferences } from "../../../../../functions/shop/domain/household-preferences";
import type { StorePort } from "../../../../../functions/shop/domain/ports/store-port";
import type { CoordinatorCartLine } from "../../../../../functions/shop/domain/store-shapes";
import type { BrandTiers } from "../../../../../functions/shop/domain/substitution/brand-tiers";
import { STORE_BRAND_TIERS } from "../../../../../functions/shop/domain/substitution/brand-tiers";
import { explainSubstitutes } from "../../../../../functions/shop/domain/substitution/reason-generator";
import {
  generateItemQueries,
  originalItemFromCartLine,
  rankItemCandidates,
  recommendationFor,
  removeSameProduct,
  type SearchProgress,
  searchItemCandidates,
  summarizeSubstitutions,
} from "../../../../../functions/shop/domain/substitution/substitution-worker";
import { repositoryRoot } from "../../../../../lib/repository-root";
import { createFakeLlm } from "../../../../support/llm/fake-llm";
import {
  createFakeStore,
  RecordingCoordinatorLogger,
  SWEET_POTATO_ORIGINAL,
} from "../../../../support/shop/coordinator-fixtures";

const tiers = STORE_BRAND_TIERS["auchan-pt"] ?? { store: [], national: [], premium: [] };
const offline = () =>
  createFakeLlm()
    .onStructured("generate_search_query", new LlmUnavailable("offline"))
    .onStructured("rank_substitutes_by_value", new LlmUnavailable("offline"));

describe("searching with the fallback strategy", () => {
  const queries = {
    primaryQuery: "batata doce cubos congelada",
    fallbackQueries: ["batata doce congelada", "batata doce"],
    inferredCategory: "",
    searchStrategy: "category" as const,
  };

  it("runs the primary query, then the fallbacks, until 8 candidates are found", async () => {
    const store = createFakeStore({});
    let progress = await searchItemCandidates(store, {
      original: originalItemFromCartLine(SWEET_POTATO_ORIGINAL),
      queries,
      queryIndex: 0,
      candidates: [],
      policy: { policy: "best_match" },
    });
    expect(progress).toMatchObject({ nextQueryIndex: 1, done: false });
    expect(progress.candidates).toHaveLength(5);
    progress = await searchItemCandidates(store, {
      original: originalItemFromCartLine(SWEET_POTATO_ORIGINAL),
      queries,
      queryIndex: 1,
      candidates: progress.candidates,
      policy: { policy: "best_match" },
    });
    expect(progress.candidates).toHaveLength(7);
    progress = await searchItemCandidates(store, {
      original: originalItemFromCartLine(SWEET_POTATO_ORIGINAL),
      queries,
      queryIndex: 2,
      candidates: progress.candidates,
      policy: { policy: "best_match" },
    });
    expect(progress.done).toBe(true);
    expect(store.searches).toEqual(["batata doce cubos congelada", "batata doce congelada", "batata doce"]);
    expect(new Set(progress.candidates.map((c) => c.productId)).size).toBe(progress.candidates.length);
  });

  it("reads the products of a `specific` policy instead of searching", async () => {
    const store = createFakeStore({});
    const progress = await searchItemCandidates(store, {
      original: originalItemFromCartLine(SWEET_POTATO_ORIGINAL),
      queries,
      queryIndex: 0,
      candidates: [],
      policy: { policy: "specific", productIds: ["8759275"] },
    });
    expect(progress).toMatchObject({ done: true, candidates: [{ productId: "8759275" }] });
    expect(store.searches).toEqual([]);
  });

  it("removes the unavailable item itself (the seed's 'before' case finds only it)", () => {
    const original = originalItemFromCartLine(SWEET_POTATO_ORIGINAL);
    expect(removeSameProduct(original, [{ ...SWEET_POTATO_ORIGINAL, productId: "other-id" }])).toEqual([]);
  });
});

/**
 * The item's states as statemachines/shop-coordinator.asl.json runs them (the same domain steps each Task's
 * entry calls), for unit tests without DynamoDB, Chromium or the ASL runner. There is no such function in
 * the product: the workflow is the one implementation, and the test below fails if this order drifts from
 * the ASL's (the full workflow runs in tests/integration/shop).
 */
const ITEM_STATES_RUN = [
  "CheckPolicy",
  "GenerateQueries",
  "StartSearch",
  "SearchCandidates",
  "EnoughCandidates",
  "AnyCandidates",
  "RankCandidates",
  "GenerateReasons",
  "RecordItem",
];
const runItemStates = async (
  deps: { llm: LlmPort; logger: RecordingCoordinatorLogger; tiers: BrandTiers; store: StorePort },
  args: { item: CoordinatorCartLine; policy: ItemPolicy; preferences: HouseholdPreferences },
) => {
  const original = originalItemFromCartLine(args.item);
  if (args.policy.policy === "no_substitute") {
    return {
      recommendation: recommendationFor(original, undefined, "The household asked for no substitute"),
      sources: {},
      removed: [],
    };
  }
  const { queries, source } = await generateItemQueries(deps, original);
  let search: SearchProgress = { candidates: [], nextQueryIndex: 0, done: false };
  while (!search.done) {
    search = await searchItemCandidates(deps.store, {
      original,
      queries,
      queryIndex: search.nextQueryIndex,
      candidates: search.candidates,
      policy: args.policy,
    });
  }
  if (!search.candidateCount) {
    return {
      recommendation: recommendationFor(original, undefined),
      sources: { queries: source },
      removed: [],
    };
  }
  const ranked = await rankItemCandidates(deps, {
    original,
    candidates: search.candidates,
    policy: args.policy,
    preferences: args.preferences,
  });
  const explained = await explainSubstitutes(deps, { original, candidates: ranked.candidates });
  return {
    recommendation: recommendationFor(original, { ...ranked, candidates: explained.candidates }),
    sources: { queries: source, ranking: ranked.source },
    removed: ranked.removed,
  };
};

describe("the item's states in the ASL's order", () => {
  it("are the states the workflow's Map item runs to a recommendation", () => {
    const asl = JSON.parse(
      readFileSync(resolve(repositoryRoot, "statemachines/shop-coordinator.asl.json"), "utf8"),
    ) as {
      States: { FindSubstitutes: { ItemProcessor: { StartAt: string; States: Record<string, AslState> } } };
    };
    const { StartAt, States } = asl.States.FindSubstitutes.ItemProcessor;
    // The path of an item with candidates: each Choice's branch that goes on, the Default otherwise.
    const path: string[] = [];
    const onward: Record<string, string> = { EnoughCandidates: "Default", CheckPolicy: "Default" };
    for (let name: string | undefined = StartAt; name && !path.includes(name); ) {
      path.push(name);
      const state = States[name] as AslState;
      if (state.Type === "Choice") {
        name = onward[name] === "Default" ? state.Default : state.Choices?.[0]?.Next;
      } else name = state.Next;
    }
    expect(path).toEqual(ITEM_STATES_RUN);
  });
});

interface AslState {
  Type: string;
  Next?: string;
  Default?: string;
  Choices?: { Next: string }[];
}

describe("an item's states in a row", () => {
  it("offline: heuristic queries, heuristic ranking, the category guard, Auchan labels first", async () => {
    const store = createFakeStore({});
    const outcome = await runItemStates(
      { llm: offline(), logger: new RecordingCoordinatorLogger(), tiers, store },
      {
        item: SWEET_POTATO_ORIGINAL,
        policy: { policy: "best_match" },
        preferences: defaultHouseholdPreferences(),
      },
    );
    expect(outcome.sources).toEqual({ queries: "heuristic", ranking: "heuristic" });
    expect(outcome.recommendation.status).toBe("substitutes_found");
    const ids = outcome.recommendation.candidates.map((c) => c.productId);
    expect(ids[0]).toBe("2394892");
    expect(ids).not.toContain("6538671");
    expect(outcome.removed.map((r) => r.productId)).toEqual(expect.arrayContaining(["6538671", "6146977"]));
    expect(outcome.recommendation.candidates.length).toBeLessThanOrEqual(5);
    // The summary names the best candidate the rules kept, never one the category guard removed.
    expect(outcome.recommendation.reason).toContain("a melhor: batata doce polegar cubos congelada 1kg");
  });

  it("with a fake model routed by schema name: the seed's queries and the model's ranking", async () => {
    const llm = createFakeLlm()
      .onStructured("generate_search_query", {
        primaryQuery: "batata doce cubos congelada",
        fallbackQueries: ["batata doce congelada", "legumes congelados cubos"],
        inferredCategory: "frozen vegetables",
        reasoning: "",
      })
      .onStructured("rank_substitutes_by_value", (request) => {
        const ids = [...JSON.stringify(request.messages).matchAll(/productId: (\d+)/g)].map((m) => m[1]);
        return {
          rankings: ids.map((productId, index) => ({
            productId,
            rank: index + 1,
            valueScore: 0.9 - index * 0.1,
            brandPreference: "store",
            recommendation: "strong",
            reason: "Marca Auchan (melhor valor)",
          })),
          summary: "ok",
        };
      });
    const store = createFakeStore({});
    const outcome = await runItemStates(
      { llm, logger: new RecordingCoordinatorLogger(), tiers, store },
      {
        item: SWEET_POTATO_ORIGINAL,
        policy: { policy: "best_match" },
        preferences: defaultHouseholdPreferences(),
      },
    );
    expect(outcome.sources).toEqual({ queries: "llm", ranking: "llm" });
    expect(store.searches[0]).toBe("batata doce cubos congelada");
    expect(llm.callsNamed("rank_substitutes_by_value")).toHaveLength(1);
    const first = outcome.recommendation.candidates[0];
    expect(first?.reason.startsWith("Marca Auchan (melhor valor)")).toBe(true);
    // The model called every candidate strong; the price cap held back those over +20 % per kg.
    expect(
      outcome.recommendation.candidates
        .filter((c) => c.recommendation === "strong")
        .every((c) => !c.reason.includes("acima do limite")),
    ).toBe(true);
    expect(outcome.recommendation.candidates.some((c) => c.reason.includes("acima do limite de preço"))).toBe(
      true,
    );
  });

  it("asks nothing of the model or the store for an item whose policy is no_substitute", async () => {
    const llm = createFakeLlm();
    const store = createFakeStore({});
    const outcome = await runItemStates(
      { llm, logger: new RecordingCoordinatorLogger(), tiers, store },
      {
        item: SWEET_POTATO_ORIGINAL,
        policy: { policy: "no_substitute" },
        preferences: defaultHouseholdPreferences(),
      },
    );
    expect(outcome.recommendation).toMatchObject({
      status: "no_substitutes",
      reason: "The household asked for no substitute",
    });
    expect(llm.calls).toEqual([]);
    expect(store.searches).toEqual([]);
  });

  it("says no_substitutes when the search finds only the item itself", async () => {
    const store = createFakeStore({
      catalog: [{ ...SWEET_POTATO_ORIGINAL, available: true, productId: "copy" }],
    });
    const outcome = await runItemStates(
      { llm: offline(), logger: new RecordingCoordinatorLogger(), tiers, store },
      {
        item: SWEET_POTATO_ORIGINAL,
        policy: { policy: "best_match" },
        preferences: defaultHouseholdPreferences(),
      },
    );
    expect(outcome.recommendation).toMatchObject({
      status: "no_substitutes",
      reason: "No suitable alternatives found",
    });
  });
});

describe("what differs from the original, on each ranked substitute", () => {
  it("is data beside the reason that says it: the lost attribute for the plain milk, nothing for a keeper", async () => {
    const milk = (productId: string, name: string, price: number) => ({
      productId,
      name,
      price,
      available: true,
      categoryPath: ["alimentação", "leite"],
    });
    const original = originalItemFromCartLine({
      ...milk("lf", "leite auchan uht meio gordo sem lactose 1l", 1.08),
      quantity: 1,
    });
    const ranked = await rankItemCandidates(
      { llm: offline(), logger: new RecordingCoordinatorLogger(), tiers },
      {
        original,
        candidates: [
          milk("plain", "leite uht meio gordo polegar 1l", 0.79),
          milk("keeper", "leite mimosa sem lactose meio gordo 1l", 1.29),
        ],
        policy: { policy: "best_match" },
        preferences: defaultHouseholdPreferences(),
      },
    );
    const byId = new Map(ranked.candidates.map((c) => [c.productId, c]));
    expect(byId.get("plain")?.differences).toEqual([
      { attribute: "dietary", original: "sem lactose", substitute: "com lactose" },
    ]);
    expect(byId.get("plain")?.reason).toContain("sem lactose → com lactose");
    expect(byId.get("keeper")?.differences).toEqual([]);
  });
});

describe("the seed's SubstitutionResult", () => {
  it("counts unavailable items and those with substitutes", () => {
    const original = originalItemFromCartLine(SWEET_POTATO_ORIGINAL);
    const result = summarizeSubstitutions([
      { originalItem: original, status: "substitutes_found", candidates: [], reason: "" },
      { originalItem: original, status: "no_substitutes", candidates: [], reason: "" },
    ]);
    expect(result).toMatchObject({ totalUnavailable: 2, totalWithSubstitutes: 1 });
    expect(summarizeSubstitutions([]).summary).toBe("All items available");
  });
});
