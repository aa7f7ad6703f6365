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

/** A value without its `cache_control` marks: a block is the same content wherever the mark moves to. */
const unmarked = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value ?? null, (key, v: unknown) => (key === "cache_control" ? undefined : v)));

/**
 * Anthropic's later breakpoints: each message block marked `cache_control` ends a prefix (tools, system,
 * the messages up to and including that block) that is written; a hit is looked for at every block
 * boundary up to the last mark (the provider looks back from each breakpoint). An agent loop marks its
 * conversation's last block, so its next turn reads all that was sent before and writes what was added.
 */
const conversationPrefixesOf = (
  api: FakeLlmApi,
  body: Record<string, unknown>,
): { key: string; marked: boolean }[] => {
  if (api === "openai" || !Array.isArray(body.messages)) return [];
  const messages = body.messages as { role?: unknown; content?: unknown }[];
  const boundaries: { key: string; marked: boolean }[] = [];
  messages.forEach((message, index) => {
    if (!Array.isArray(message.content)) return;
    message.content.forEach((block, blockIndex) => {
      const upTo = [
        ...messages.slice(0, index),
        { ...message, content: (message.content as unknown[]).slice(0, blockIndex + 1) },
      ];
      boundaries.push({
        key: JSON.stringify({
          tools: body.tools ?? [],
          system: body.system ?? null,
          messages: unmarked(upTo),
        }),
        marked: typeof block === "object" && block !== null && "cache_control" in block,
      });
    });
  });
  const lastMark = boundaries.findLastIndex(({ marked }) => marked);
  return boundaries.slice(0, lastMark + 1);
};

/** The fake server's prompt cache: prefixes seen, written on first use, read after (no expiry). */
export const createPromptCacheSimulation = () => {
  const seen = new Set<string>();
  return {
    use(api: FakeLlmApi, body: Record<string, unknown>, inputTokens: number): CacheUse {
      const prefix = prefixOf(api, body);
      const prefixes = [
        ...(prefix === undefined ? [] : [{ key: prefix, marked: true }]),
        ...conversationPrefixesOf(api, body),
      ]
        .map((p) => ({ ...p, tokens: Math.min(tokensOf(JSON.parse(p.key)), inputTokens) }))
        .filter(({ tokens }) => tokens >= MIN_CACHED_PREFIX_TOKENS);
      const written = prefixes.filter(({ marked }) => marked);
      if (written.length === 0) return { read: 0, write: 0 };
      // The longest prefix already cached is read; what the longest marked one adds to it is written.
      const read = Math.max(0, ...prefixes.filter(({ key }) => seen.has(key)).map(({ tokens }) => tokens));
      const longest = Math.max(...written.map(({ tokens }) => tokens));
      for (const { key } of written) seen.add(key);
      // OpenAI writes its cache for free; Anthropic bills the write.
      return { read, write: api === "openai" ? 0 : Math.max(0, longest - read) };
    },
  };
};
