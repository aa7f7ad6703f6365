/**
 * The model calls of the areas as the benches replay them against the fake LLM server (dev/fake-llm): a
 * five-item shop run (each item's query, rank and reason steps with their real prompts), a campaign chat
 * agent loop of three turns, a negotiation round (seed 003's "accept" email), and a good model that answers
 * each from the request. Used by bench/prompt-caching.ts and bench/household-week-cost.ts.
 */
import type { FakeLlmRequest, FakeLlmStep } from "../../dev/fake-llm";
import { playScenario } from "../../dev/negotiate/play-scenario";
import { NEGOTIATION_SCENARIOS } from "../../dev/negotiate/scenarios";
import { loadCatalog } from "../../dev/store/catalog";
import { runCampaignChat } from "../../functions/chat/campaigns/domain/use-cases/run-campaign-chat";
import { RECENT_CAMPAIGN_DAYS } from "../../functions/chat/campaigns/wiring/campaign-chat-wiring";
import { createEmbedding } from "../../functions/core/embedding/create-embedding";
import { readEmbeddingConfig } from "../../functions/core/embedding/embedding-config";
import { createLlm } from "../../functions/core/llm/create-llm";
import { readLlmConfig } from "../../functions/core/llm/llm-config";
import type { LlmPort } from "../../functions/core/llm/llm-port";
import type { LoggerPort } from "../../functions/core/logger-port";
import { DEFAULT_PRICE_CAP_PERCENT } from "../../functions/shop/domain/household-preferences";
import { brandTiersFor, DEFAULT_STORE_ID } from "../../functions/shop/domain/substitution/brand-tiers";
import { generateSearchQueries } from "../../functions/shop/domain/substitution/query-generator";
import { explainSubstitutes } from "../../functions/shop/domain/substitution/reason-generator";
import type { SubstituteCandidate } from "../../functions/shop/domain/substitution/substitution-contracts";
import { rankSubstitutesByValue } from "../../functions/shop/domain/substitution/value-ranker";
import { createInMemoryCampaignRepository } from "../../scripts/live/scenarios/in-memory-campaign-repository";

export const ITEMS = 5;
const CANDIDATES = 8;
const silent: LoggerPort = { info: () => undefined, warn: () => undefined } as unknown as LoggerPort;

// Five unavailable products of the simulated store, each with the available products of its category.
const catalog = loadCatalog();
const euros = (cents: number) => cents / 100;
const items = catalog.products
  .filter((p) => !p.available)
  .map((original) => ({
    original,
    candidates: catalog.products
      .filter((p) => p.available && p.categoryId === original.categoryId)
      .slice(0, CANDIDATES)
      .map(
        (p): SubstituteCandidate => ({
          productId: p.productId,
          name: p.name,
          price: euros(p.priceCents),
          pricePerUnit: p.unitPriceLabel,
          available: true,
        }),
      ),
  }))
  .filter((item) => item.candidates.length >= 3)
  .slice(0, ITEMS);
if (items.length < ITEMS) throw new Error(`only ${items.length} items with candidates`);

const call = (name: string, args: unknown): FakeLlmStep => ({
  reply: { toolCalls: [{ name, arguments: args }] },
});
const idsIn = (request: FakeLlmRequest) => [
  ...new Set([...JSON.stringify(request.body).matchAll(/productId: (\d+)/g)].map((m) => m[1] as string)),
];

const negotiation = NEGOTIATION_SCENARIOS.find((s) => s.name === "accept");
if (!negotiation) throw new Error("the accept scenario is missing");

/** A good model: the shop's three steps from the request, the negotiation from its scenario's script. */
export const script = () => {
  const queues = new Map(Object.entries(negotiation.script).map(([tool, answers]) => [tool, [...answers]]));
  return (request: FakeLlmRequest): FakeLlmStep => {
    const tool = request.forcedToolName ?? "";
    if (request.toolNames.includes("filter_campaigns")) {
      const results = JSON.stringify(request.body.messages).split('"tool_result"').length - 1;
      if (results === 0) return call("filter_campaigns", { value_prop: ["cash back"], date_range: "recent" });
      if (results === 1) return call("semantic_search", { query: "travel benefits" });
      return { reply: { text: "The main offers are listed above." } };
    }
    if (tool === "generate_search_query") {
      const words = request.lastMessageText.split(/\s+/).filter((w) => /^\p{L}{3,}$/u.test(w));
      return call(tool, {
        primaryQuery: words.slice(0, 2).join(" ") || "produto",
        fallbackQueries: [words[0] ?? "produto"],
        inferredCategory: "mercearia",
        searchStrategy: "category",
        reasoning: "Brand and size removed.",
      });
    }
    if (tool === "rank_substitutes_by_value") {
      return call(tool, {
        rankings: idsIn(request).map((productId, index) => ({
          productId,
          rank: index + 1,
          valueScore: Math.max(0.1, 0.9 - index * 0.1),
          brandPreference: "national",
          recommendation: index === 0 ? "strong" : "acceptable",
          reason: "Same kind of product, similar €/kg.",
        })),
        summary: "Ranked by €/kg.",
      });
    }
    if (tool === "explain_substitutes") {
      return call(tool, {
        reasons: idsIn(request).map((productId) => ({ productId, reason: "Mesmo produto, melhor €/kg" })),
      });
    }
    const answer = queues.get(tool)?.shift();
    if (answer) return call(tool, answer);
    return { error: { status: 400, message: `bench: no answer for ${tool}` } };
  };
};

export const portAt = (url: string): LlmPort =>
  createLlm(
    readLlmConfig({
      LLM_PROVIDER: "anthropic",
      ANTHROPIC_API_KEY: "bench",
      ANTHROPIC_BASE_URL: url,
      LLM_MAX_RETRIES: "0",
    }),
    { logger: null },
  );

export const shopRun = async (llm: LlmPort): Promise<void> => {
  // As a run's steps call them: the store's brand tiers and a household's rules, in the shared prompt.
  const deps = {
    llm,
    logger: silent,
    tiers: brandTiersFor(DEFAULT_STORE_ID),
    rules: { pinnedBrands: [], bannedBrands: [], priceCapPercent: DEFAULT_PRICE_CAP_PERCENT },
  };
  for (const { original, candidates } of items) {
    await generateSearchQueries(deps, {
      productName: original.name,
      originalPrice: euros(original.priceCents),
    });
    const ranking = await rankSubstitutesByValue(deps, {
      originalProduct: {
        name: original.name,
        price: euros(original.priceCents),
        pricePerUnit: original.unitPriceLabel,
      },
      candidates,
    });
    const ranked = ranking.output.rankings.map((r) => {
      const product = candidates.find((c) => c.productId === r.productId);
      return { ...r, name: product?.name ?? "", price: product?.price ?? 0 };
    });
    await explainSubstitutes(deps, {
      original: {
        productId: original.productId,
        name: original.name,
        price: euros(original.priceCents),
        pricePerUnit: original.unitPriceLabel,
        quantity: 1,
        categoryPath: [],
      },
      candidates: ranked,
    });
  }
};

const now = new Date();
export const agentLoop = async (llm: LlmPort): Promise<void> => {
  await runCampaignChat(
    {
      tools: {
        campaigns: createInMemoryCampaignRepository(now),
        embedding: createEmbedding(readEmbeddingConfig({}), { logger: null }),
        now: () => now,
        recentDays: RECENT_CAMPAIGN_DAYS,
      },
      llm,
      offline: false,
    },
    { message: "What are the offers from recent Cash Back campaigns, and which are about travel?" },
  );
};

export const negotiationRound = async (llm: LlmPort): Promise<void> => {
  await playScenario(llm, negotiation);
};
