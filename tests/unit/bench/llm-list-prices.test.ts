import { describe, expect, it } from "vitest";
import { costOf, LlmListPricesSchema, readLlmListPrices } from "../../../bench/lib/llm-list-prices";

describe("bench/fixtures/llm-list-prices.json", () => {
  it("holds a fast and a capable model per provider, each with its prices, the date read and the source", () => {
    const prices = readLlmListPrices();
    expect(prices.models.map((m) => `${m.provider}/${m.tier}`).sort()).toEqual([
      "anthropic/capable",
      "anthropic/fast",
      "openai/capable",
      "openai/fast",
    ]);
  });

  it("refuses a model without its source, a cache read dearer than input, or two models for one tier", () => {
    const { models, ...rest } = readLlmListPrices();
    const first = models[0];
    if (!first) throw new Error("no models");
    const { source: _source, ...unsourced } = first;
    expect(LlmListPricesSchema.safeParse({ ...rest, models: [unsourced] }).success).toBe(false);
    expect(
      LlmListPricesSchema.safeParse({ ...rest, models: [{ ...first, cacheRead: first.input * 2 }] }).success,
    ).toBe(false);
    expect(LlmListPricesSchema.safeParse({ ...rest, models: [first, first] }).success).toBe(false);
  });

  it("prices cache reads and writes at their own rates", () => {
    const model = { ...(readLlmListPrices().models[0] as Parameters<typeof costOf>[1]) };
    const m = { ...model, input: 1, cacheRead: 0.1, cacheWrite: 1.25, output: 5 };
    expect(
      costOf(
        {
          inputTokens: 1_000_000,
          cachedInputTokens: 500_000,
          cacheWriteInputTokens: 100_000,
          outputTokens: 0,
        },
        m,
      ),
    ).toBeCloseTo(0.4 + 0.05 + 0.125, 10);
    expect(costOf({ inputTokens: 0, outputTokens: 1_000_000 }, m)).toBe(5);
  });
});
