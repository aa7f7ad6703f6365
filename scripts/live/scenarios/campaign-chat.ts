import { runCampaignChat } from "../../../functions/chat/campaigns/domain/use-cases/run-campaign-chat";
import { RECENT_CAMPAIGN_DAYS } from "../../../functions/chat/campaigns/wiring/campaign-chat-wiring";
import type { EmbeddingPort } from "../../../functions/core/embedding/embedding-port";
import { embedLocally, LOCAL_EMBEDDING_MODEL } from "../../../functions/core/embedding/local-embedding";
import { brief, type LiveScenario, sameValues } from "../types";
import { createInMemoryCampaignRepository } from "./in-memory-campaign-repository";

const DIMENSIONS = 64;

const localEmbedding: EmbeddingPort = {
  provider: "local",
  model: LOCAL_EMBEDDING_MODEL,
  dimensions: DIMENSIONS,
  embed: async (texts, options) => ({
    vectors: texts.map((text) => embedLocally(text, DIMENSIONS)),
    model: LOCAL_EMBEDDING_MODEL,
    usage: {
      provider: "local",
      model: LOCAL_EMBEDDING_MODEL,
      purpose: options.purpose,
      texts: texts.length,
      inputTokens: 0,
      requests: 0,
      latencyMs: 0,
      outcome: "ok",
    },
  }),
};

interface ExpectedCall {
  tool: "semantic_search" | "filter_campaigns" | "full_text_search";
  /** Each argument the first call must carry; a list compares order-free, one value equals a list of it. */
  args: Record<string, string | string[]>;
}

const describe = (call: ExpectedCall): string =>
  `${call.tool}(${Object.entries(call.args)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join(", ")})`;

const question = (name: string, message: string, expected: ExpectedCall): LiveScenario => ({
  area: "campaign-chat",
  name,
  seed: "002",
  expected: describe(expected),
  async run({ llm, toolCalls }) {
    const now = new Date();
    const response = await runCampaignChat(
      {
        tools: {
          campaigns: createInMemoryCampaignRepository(now),
          embedding: localEmbedding,
          now: () => now,
          recentDays: RECENT_CAMPAIGN_DAYS,
        },
        llm,
        offline: false,
      },
      { message },
    );
    const first = toolCalls[0];
    // The filters as the tools ran them: a near miss ("cash back") the chat maps onto the stored value is right.
    const args = {
      ...((first?.arguments ?? {}) as Record<string, unknown>),
      ...(response.detectedFilters ?? {}),
    } as Record<string, unknown>;
    const argsMatch = Object.entries(expected.args).every(([key, want]) =>
      Array.isArray(want) ? sameValues(args[key], want) : sameValues(args[key], [want]),
    );
    return {
      got: first
        ? `${first.name}(${brief(first.arguments, 120)}) [${response.status}]`
        : `no tool call [${response.status}]`,
      match: first?.name === expected.tool && argsMatch && response.status !== "offline",
    };
  },
});

/** Seed 002: which of the three tools the agent calls first for the seed's kinds of question. */
export const CAMPAIGN_CHAT_LIVE_SCENARIOS: LiveScenario[] = [
  question("offers-cash-back-premium", "What are the offers from recent Cash Back, Premium campaigns?", {
    tool: "filter_campaigns",
    args: { value_prop: ["Cash Back / Rewards"], sentiment: ["Premium"], date_range: "recent" },
  }),
  question("show-travel-benefits", "Show me campaigns about travel benefits", {
    tool: "semantic_search",
    args: {},
  }),
  question("mentions-phrase", 'Which campaigns mention "price protection"?', {
    tool: "full_text_search",
    args: {},
  }),
  question("email-last-quarter", "Show me Email campaigns from last quarter", {
    tool: "filter_campaigns",
    args: { channel: ["Email"], date_range: "last quarter" },
  }),
];
