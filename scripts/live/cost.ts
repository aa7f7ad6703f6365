/**
 * List prices in USD per million tokens (input, output), for an estimate only. Only models whose public
 * price we know are listed; any other model, and any local server, prints "unknown" unless
 * LIVE_PRICE_USD_PER_MTOK="<input>/<output>" gives its price.
 */
export const PRICES_USD_PER_MTOK: Record<string, { input: number; output: number }> = {
  "claude-opus-4-1": { input: 15, output: 75 },
  "claude-sonnet-4-5": { input: 3, output: 15 },
  "claude-sonnet-4": { input: 3, output: 15 },
  "claude-haiku-4-5": { input: 1, output: 5 },
  "claude-3-5-haiku": { input: 0.8, output: 4 },
  "gpt-5": { input: 1.25, output: 10 },
  "gpt-5-mini": { input: 0.25, output: 2 },
  "gpt-5-nano": { input: 0.05, output: 0.4 },
  "gpt-4.1": { input: 2, output: 8 },
  "gpt-4.1-mini": { input: 0.4, output: 1.6 },
  "gpt-4o": { input: 2.5, output: 10 },
  "gpt-4o-mini": { input: 0.15, output: 0.6 },
};

export type Price = { input: number; output: number };

/** Bedrock and dated ids (`global.anthropic.claude-haiku-4-5-20251001-v1:0`) reduced to the table's key. */
export const priceOf = (model: string, override?: Price): Price | undefined => {
  const id = model.toLowerCase().replace(/^(?:[a-z]{2,6}\.)?anthropic\./, "");
  const key = Object.keys(PRICES_USD_PER_MTOK)
    .sort((a, b) => b.length - a.length)
    .find((k) => id === k || id.startsWith(`${k}-2`) || id.startsWith(`${k}-v`) || id.startsWith(`${k}@`));
  return key ? PRICES_USD_PER_MTOK[key] : override;
};

/** `"3/15"` → { input: 3, output: 15 }; undefined when unset or malformed. */
export const parsePriceOverride = (raw: string | undefined): Price | undefined => {
  const match = raw?.trim().match(/^(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)$/);
  return match ? { input: Number(match[1]), output: Number(match[2]) } : undefined;
};

export interface ModelTokens {
  inputTokens: number;
  outputTokens: number;
}

/** The estimated cost of these tokens per model; undefined when any model's price is unknown. */
export const estimateCost = (byModel: Record<string, ModelTokens>, override?: Price): number | undefined => {
  let total = 0;
  for (const [model, tokens] of Object.entries(byModel)) {
    const price = priceOf(model, override);
    if (!price) return undefined;
    total += (tokens.inputTokens * price.input + tokens.outputTokens * price.output) / 1_000_000;
  }
  return total;
};
