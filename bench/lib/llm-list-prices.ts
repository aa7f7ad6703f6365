import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

const price = z.number().nonnegative().max(1000);

/** bench/fixtures/llm-list-prices.json: each provider's fast and capable models' list prices, with whence. */
export const LlmListPricesSchema = z
  .object({
    currency: z.literal("USD"),
    unit: z.literal("per million tokens"),
    note: z.string().min(1),
    models: z
      .array(
        z
          .object({
            provider: z.enum(["anthropic", "openai"]),
            tier: z.enum(["fast", "capable"]),
            model: z.string().min(1),
            input: price,
            cacheWrite: price,
            cacheRead: price,
            output: price,
            read: z.string().regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, "a date: YYYY, YYYY-MM or YYYY-MM-DD"),
            source: z.string().startsWith("https://"),
          })
          .strict()
          .refine((m) => m.cacheRead <= m.input && m.cacheWrite >= m.input, {
            message: "a cache read costs at most the input price, a write at least it",
          }),
      )
      .min(1)
      .refine((models) => new Set(models.map((m) => `${m.provider}/${m.tier}`)).size === models.length, {
        message: "one model per provider and tier",
      }),
  })
  .strict();
export type LlmListPrices = z.infer<typeof LlmListPricesSchema>;
export type LlmListPrice = LlmListPrices["models"][number];

export const LLM_LIST_PRICES_FILE = join(import.meta.dirname, "..", "fixtures", "llm-list-prices.json");

export const readLlmListPrices = (): LlmListPrices =>
  LlmListPricesSchema.parse(JSON.parse(readFileSync(LLM_LIST_PRICES_FILE, "utf8")));

/** Tokens of a run, as the usage recorder totals them. */
export interface BilledTokens {
  inputTokens: number;
  cachedInputTokens?: number;
  cacheWriteInputTokens?: number;
  outputTokens: number;
}

/** The cost in USD of these tokens at this model's prices (cache reads and writes at their own prices). */
export const costOf = (tokens: BilledTokens, model: LlmListPrice): number => {
  const read = tokens.cachedInputTokens ?? 0;
  const write = tokens.cacheWriteInputTokens ?? 0;
  const plain = tokens.inputTokens - read - write;
  return (
    (plain * model.input +
      read * model.cacheRead +
      write * model.cacheWrite +
      tokens.outputTokens * model.output) /
    1_000_000
  );
};
