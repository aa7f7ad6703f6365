import type { FakeLlmApi } from "./fake-llm-script";

/** Of a request's input tokens, those read from and written to the simulated prompt cache. */
export interface CacheUse {
  read: number;
  write: number;
}

/** The shortest prefix the providers cache (Anthropic's Sonnet and OpenAI's minimum), in tokens. */
export const MIN_CACHED_PREFIX_TOKENS = 1024;

const tokensOf = (value: unknown): number => Math.ceil((JSON.stringify(value) ?? "").length / 4);

const hasMark = (blocks: unknown): boolean =>
  Array.isArray(blocks) &&
  blocks.some((b) => typeof b === "object" && b !== null && "cache_control" in (b as object));

/**
 * The cacheable prefix of a request as the provider sees it, or undefined: Anthropic and Bedrock cache
 * the tools and system prompt only when marked (`cache_control`), OpenAI caches its tools and system
 * message by itself. Byte-stable prefixes are the same key; any change (a date, a vocabulary) is a miss.
 */
const prefixOf = (api: FakeLlmApi, body: Record<string, unknown>): string | undefined => {
  if (api === "openai") {
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const system = messages.find((m) => (m as { role?: unknown }).role === "system");
    return JSON.stringify({ tools: body.tools ?? [], system: system ?? null });
  }
  if (!hasMark(body.tools) && !hasMark(body.system)) return undefined;
  return JSON.stringify({ tools: body.tools ?? [], system: body.system ?? null });
};

/** The fake server's prompt cache: prefixes seen, written on first use, read after (no expiry). */
export const createPromptCacheSimulation = () => {
  const seen = new Set<string>();
  return {
    use(api: FakeLlmApi, body: Record<string, unknown>, inputTokens: number): CacheUse {
      const prefix = prefixOf(api, body);
      if (prefix === undefined) return { read: 0, write: 0 };
      const tokens = Math.min(tokensOf(JSON.parse(prefix)), inputTokens);
      if (tokens < MIN_CACHED_PREFIX_TOKENS) return { read: 0, write: 0 };
      if (seen.has(prefix)) return { read: tokens, write: 0 };
      seen.add(prefix);
      // OpenAI writes its cache for free; Anthropic bills the write.
      return { read: 0, write: api === "openai" ? 0 : tokens };
    },
  };
};
