import { describe, expect, it } from "vitest";
import type { FakeLlmRequest } from "../../../dev/fake-llm/fake-llm-script";
import { toolReply, useCoordinatorOnFakeModel } from "../../support/shop/coordinator-on-fake-model";
import { scaledTimeout } from "../../support/test-timeouts";

/**
 * The shop run end to end (the workflow runner over the real ASL, the OpenAI SDK over HTTP to the fake LLM
 * server) against a model that answers as real models do: scores as text with a decimal comma or as
 * percentages, brand tiers and bands in another case, candidates and reasons keyed by their names, null
 * for a summary. Each answer is read as meant the first time: no re-ask, no heuristic step.
 */
const requests: FakeLlmRequest[] = [];

/** The candidates a prompt lists: `productId: …` then `name: …` (ranker) or `, name: …` (reasons). */
const listed = (request: FakeLlmRequest): Array<{ id: string; name: string }> => {
  const text = request.lastMessageText;
  return [...text.matchAll(/productId: (\d+)[\s,]+name: (.+?)(?:, price: |\n|$)/gm)].map((m) => ({
    id: m[1] as string,
    name: (m[2] as string).trim(),
  }));
};

const queriesFor = (request: FakeLlmRequest) => {
  const name = request.lastMessageText.match(/name: (.+)/)?.[1]?.trim() ?? "";
  const words = name.split(/\s+/).filter((w) => /^\p{L}{3,}$/u.test(w));
  return toolReply("generate_search_query", {
    primaryQuery: words.slice(0, 2).join(" "),
    fallbackQueries: [words[0] ?? name],
    inferredCategory: null,
    reasoning: null,
    searchStrategy: "Category",
  });
};

const scoreText = ["0,9", "85%", 80, "0.75", "70 %", 65, "0,6", "55%"];

const rankingFor = (request: FakeLlmRequest) =>
  toolReply("rank_substitutes_by_value", {
    rankings: listed(request).map(({ id, name }, index) => ({
      productId: index % 2 === 0 ? name : `ID ${id}`,
      rank: index + 1,
      valueScore: scoreText[index % scoreText.length],
      brandPreference: index === 0 ? "Store Brand" : "National",
      recommendation: index === 0 ? "Strong" : "Acceptable",
      reason: "Boa alternativa para a família",
    })),
    summary: null,
  });

const reasonsFor = (request: FakeLlmRequest) =>
  toolReply("explain_substitutes", {
    reasons: listed(request).map(({ name }) => ({ productId: name, reason: `Escolha do modelo: ${name}` })),
  });

const harness = useCoordinatorOnFakeModel(
  {
    generate_search_query: queriesFor,
    rank_substitutes_by_value: rankingFor,
    explain_substitutes: reasonsFor,
    prune_stock: () => toolReply("prune_stock", { proposals: [] }),
  },
  { onRequest: (request) => requests.push(request), env: { LLM_MAX_RETRIES: "0", LLM_TIMEOUT_MS: "20000" } },
);

describe("the shop-coordinator workflow against a model that answers as real models do", () => {
  it(
    "reads near-miss scores, enums, names for ids and nulls the first time: every item's steps are the model's",
    async () => {
      const householdId = harness.store.seedDemoHousehold();
      const { header, execution } = await harness.run("tenant-realistic", householdId);
      expect(execution.status).toBe("SUCCEEDED");
      const result = header.result;
      if (!result) throw new Error("no result");
      const reasks = requests.filter((r) => r.lastMessageText.includes("Invalid "));
      expect(reasks.map((r) => r.lastMessageText.slice(0, 300))).toEqual([]);
      expect(result.heuristicSteps).toEqual({});
      const items = await harness.runsOf("tenant-realistic").listItems(header.runId);
      const ranked = items.filter((item) => (item.recommendation?.candidates.length ?? 0) > 0);
      expect(ranked.length).toBeGreaterThan(0);
      for (const item of ranked) {
        expect(item.sources).toEqual({ queries: "llm", ranking: "llm", reasons: "llm" });
        for (const candidate of item.recommendation?.candidates ?? []) {
          expect(candidate.valueScore).toBeGreaterThanOrEqual(0);
          expect(candidate.valueScore).toBeLessThanOrEqual(1);
          expect(candidate.reason).toContain(`Escolha do modelo: ${candidate.name}`);
        }
      }
    },
    scaledTimeout(180_000),
  );
});
