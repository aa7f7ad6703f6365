import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { FakeLlmRequest, FakeLlmStep } from "../../../../dev/fake-llm/fake-llm-script";
import { type FakeLlmServer, startFakeLlmServer } from "../../../../dev/fake-llm/fake-llm-server";
import { defineTool } from "../../../../functions/core/agent/define-tool";
import { runAgent } from "../../../../functions/core/agent/run-agent";
import type { LlmPort, LlmUsage } from "../../../../functions/core/llm/llm-port";
import type { LoggerPort } from "../../../../functions/core/logger-port";
import { generateSearchQueries } from "../../../../functions/shop/domain/substitution/query-generator";
import { explainSubstitutes } from "../../../../functions/shop/domain/substitution/reason-generator";
import { rankSubstitutesByValue } from "../../../../functions/shop/domain/substitution/value-ranker";
import { llmAgainst } from "../../../support/llm/llm-against-fake-server";

/**
 * Prompt caching across the steps of an agent (issue 35): the shop's query, rank and reason steps send one
 * byte-identical prefix (tools, then system) on Anthropic's wire, marked for caching, so the fake server
 * (which caches as Anthropic does) reads it from the second call. A negotiation round keeps seed 003's
 * focused prompt per role: four calls, too few to earn back a shared prefix's cache write.
 */

const silent = { info: () => undefined, warn: () => undefined } as unknown as LoggerPort;
const call = (name: string, args: unknown): FakeLlmStep => ({
  reply: { toolCalls: [{ name, arguments: args }] },
});
const idsIn = (request: FakeLlmRequest) => [
  ...new Set(
    [...JSON.stringify(request.body.messages).matchAll(/productId: (\d+)/g)].map((m) => m[1] as string),
  ),
];

/** A good model for the shop's three steps: each answers its forced tool from the request. */
const shopModel = (request: FakeLlmRequest): FakeLlmStep => {
  const tool = request.forcedToolName ?? "";
  if (tool === "generate_search_query") {
    // Queries in the product's own words (a query about another product is asked again).
    const yogurt = JSON.stringify(request.body.messages).includes("iogurte");
    return call(tool, {
      primaryQuery: yogurt ? "iogurte grego natural" : "leite sem lactose",
      fallbackQueries: [yogurt ? "iogurte grego" : "leite"],
      inferredCategory: yogurt ? "iogurtes" : "leite",
      reasoning: ".",
    });
  }
  if (tool === "rank_substitutes_by_value") {
    return call(tool, {
      rankings: idsIn(request).map((productId, index) => ({
        productId,
        rank: index + 1,
        valueScore: 0.8 - index * 0.1,
        brandPreference: "store",
        recommendation: "acceptable",
        reason: "Mesmo tipo de produto.",
      })),
      summary: "Por €/l.",
    });
  }
  if (tool === "explain_substitutes") {
    return call(tool, {
      reasons: idsIn(request).map((productId) => ({ productId, reason: "Marca própria, melhor €/l" })),
    });
  }
  return { error: { status: 400, message: `no answer for ${tool}` } };
};

/** The port, keeping every call's usage in order. */
const recording = (llm: LlmPort, usages: LlmUsage[]): LlmPort => ({
  async structured(request) {
    const result = await llm.structured(request);
    usages.push(result.usage);
    return result;
  },
  async turn(request) {
    const result = await llm.turn(request);
    usages.push(result.usage);
    return result;
  },
});

const prefixOf = (request: FakeLlmRequest): string =>
  JSON.stringify({ tools: request.body.tools, system: request.body.system });

const ITEMS = [
  {
    productId: "100",
    name: "leite meio gordo sem lactose auchan 1l",
    price: 0.99,
    others: ["201", "202", "203"],
  },
  { productId: "110", name: "iogurte grego natural auchan 4x120g", price: 1.49, others: ["301", "302"] },
];

let server: FakeLlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("one shared prefix per agent, cached on Anthropic's wire", () => {
  it("the shop's query, rank and reason steps send the same tools and system for every item; the second item reads them from the cache", async () => {
    server = await startFakeLlmServer({ script: shopModel });
    const usages: LlmUsage[] = [];
    const llm = recording(llmAgainst("anthropic", server), usages);
    const rules = { pinnedBrands: ["Mimosa"], bannedBrands: [], priceCapPercent: 20 };
    for (const item of ITEMS) {
      await generateSearchQueries(
        { llm, logger: silent, rules },
        { productName: item.name, originalPrice: item.price },
      );
      const candidates = item.others.map((productId, index) => ({
        productId,
        name: `${item.name.split(" ")[0]} auchan ${index}`,
        price: item.price + index / 10,
        available: true,
      }));
      const ranking = await rankSubstitutesByValue(
        { llm, logger: silent, rules },
        { originalProduct: { name: item.name, price: item.price }, candidates },
      );
      expect(ranking.source).toBe("llm");
      const explained = await explainSubstitutes(
        { llm, logger: silent, rules },
        {
          original: {
            productId: item.productId,
            name: item.name,
            price: item.price,
            quantity: 1,
            categoryPath: [],
          },
          candidates: ranking.output.rankings.map((r) => ({ ...r, name: r.productId, price: item.price })),
        },
      );
      expect(explained.source).toBe("llm");
    }
    const requests = server.requests;
    expect(requests.map((r) => r.forcedToolName)).toEqual([
      ...["generate_search_query", "rank_substitutes_by_value", "explain_substitutes"],
      ...["generate_search_query", "rank_substitutes_by_value", "explain_substitutes"],
    ]);
    expect(new Set(requests.map(prefixOf)).size).toBe(1);
    const first = requests[0] as FakeLlmRequest;
    expect(first.toolNames).toEqual([
      "generate_search_query",
      "rank_substitutes_by_value",
      "explain_substitutes",
    ]);
    expect((first.body.tools as Array<Record<string, unknown>>).at(-1)?.cache_control).toEqual({
      type: "ephemeral",
    });
    expect((first.body.system as Array<Record<string, unknown>>)[0]?.cache_control).toEqual({
      type: "ephemeral",
    });
    // The per-item data travels in the user message only.
    expect(JSON.stringify(first.body.system)).not.toContain(ITEMS[0]?.name);
    expect(JSON.stringify(first.body.messages)).toContain(ITEMS[0]?.name);
    // The first call writes the prefix (over Anthropic's 1,024-token minimum); every later one reads it.
    expect(usages[0]?.cacheWriteInputTokens).toBeGreaterThan(1024);
    for (const usage of usages.slice(1))
      expect(usage.cachedInputTokens).toBe(usages[0]?.cacheWriteInputTokens);
    // The second item's first step included.
    expect(usages[3]?.name).toBe("generate_search_query");
  });

  it("an agent loop marks its growing conversation too: each turn after the second reads what the one before sent, and a one-message call is not marked", async () => {
    // A tool whose long result makes each turn's conversation worth caching (over 1,024 tokens).
    const lookup = defineTool({
      name: "look_up",
      description: "Looks a topic up.",
      input: z.object({ topic: z.string() }),
      run: ({ topic }) => `${topic}: ${"a long page about it. ".repeat(300)}`,
    });
    let turn = 0;
    server = await startFakeLlmServer({
      script: () => {
        turn += 1;
        return turn < 4 ? call("look_up", { topic: `topic ${turn}` }) : { reply: { text: "Done." } };
      },
    });
    const usages: LlmUsage[] = [];
    const llm = recording(llmAgainst("anthropic", server), usages);
    const result = await runAgent({
      llm,
      system: "You look things up.",
      messages: [{ role: "user", content: "Look up three topics." }],
      tools: [lookup],
      maxIterations: 6,
    });
    expect(result.answer).toBe("Done.");
    const marks = server.requests.map(
      (r) => JSON.stringify(r.body.messages).split('"cache_control"').length - 1,
    );
    // The first call has one message: unmarked; every later one marks its last block only.
    expect(marks).toEqual([0, 1, 1, 1]);
    const lastBlock = (r: FakeLlmRequest) => {
      const messages = r.body.messages as { content: Record<string, unknown>[] }[];
      return messages.at(-1)?.content.at(-1);
    };
    expect(lastBlock(server.requests[1] as FakeLlmRequest)?.cache_control).toEqual({ type: "ephemeral" });
    // Turn 2 writes its conversation; turns 3 and 4 read the one before and write only what was added.
    expect(usages[1]?.cacheWriteInputTokens).toBeGreaterThan(1024);
    expect(usages[2]?.cachedInputTokens).toBe(usages[1]?.cacheWriteInputTokens);
    expect(usages[3]?.cachedInputTokens).toBe(
      (usages[2]?.cachedInputTokens ?? 0) + (usages[2]?.cacheWriteInputTokens ?? 0),
    );
  });
});
