import type { LlmPort } from "../../core/llm/llm-port";
import { wrapPromptData } from "../../core/llm/prompt-data";
import type { LoggerPort } from "../../core/logger-port";
import { type BrandTiers, knownBrandWords, SEED_BRAND_TIERS } from "./brand-tiers";
import { type StepSource, withHeuristicFallback } from "./heuristic-fallback";
import {
  generateSearchQueryToolSchema,
  type QueryGeneratorInput,
  type QueryGeneratorOutput,
  SEARCH_QUERY_SCHEMA_NAME,
} from "./substitution-contracts";
import { QUERY_GENERATOR_SYSTEM_PROMPT } from "./substitution-prompts";

/** Sizes and counts in names: `400g`, `1,5kg`, `6x1l`, `4x115g`, `12 rolos`, `40 doses`, `kg` alone. */
const SIZE_PATTERN =
  /\b\d+\s*x\s*\d+(?:[.,]\d+)?\s*(?:kg|gr?|l|lt|ml|cl|dl|un|unid)\b|\b\d+(?:[.,]\d+)?\s*(?:kg|gr?|l|lt|ml|cl|dl|un|unid|uds|doses?|rolos?)\b|\bkg\b/gi;
/** Words that say nothing about what the product is (connectors, marketing lines, cooking hints). */
const FILLER_WORDS = new Set([
  "de",
  "da",
  "do",
  "das",
  "dos",
  "em",
  "e",
  "a",
  "o",
  "com",
  "para",
  "à",
  "mesa",
  "portugal",
  "cultivamos",
  "bom",
  "cozer",
]);

const words = (text: string): string[] => text.toLowerCase().split(/\s+/).filter(Boolean);

/**
 * The heuristic query builder (seed: "strip brand + size"): brand words and sizes out, filler words out;
 * fallbacks drop words from the end, broadest last (the first two words, then the first).
 */
export const buildHeuristicQueries = (
  input: QueryGeneratorInput,
  tiers: BrandTiers = SEED_BRAND_TIERS,
): QueryGeneratorOutput => {
  let name = ` ${input.productName.toLowerCase()} `.replace(SIZE_PATTERN, " ");
  for (const brand of knownBrandWords(tiers)) name = name.replaceAll(` ${brand} `, " ");
  const core = words(name).filter((word) => !FILLER_WORDS.has(word) && !/^\d/.test(word));
  const primary = core.slice(0, 5);
  const fallbacks: string[] = [];
  for (let length = Math.min(primary.length - 1, 3); length >= 1; length--) {
    const query = primary.slice(0, length).join(" ");
    if (length <= 2 || fallbacks.length === 0) fallbacks.push(query);
  }
  const primaryQuery = primary.join(" ") || input.productName.trim();
  return {
    primaryQuery,
    fallbackQueries: [...new Set(fallbacks)].filter((q) => q !== primaryQuery).slice(0, 3),
    inferredCategory: input.productCategory ?? "",
    searchStrategy: "exact",
  };
};

const describeProduct = (input: QueryGeneratorInput): string =>
  [
    `name: ${input.productName}`,
    input.productCategory ? `category: ${input.productCategory}` : undefined,
    input.originalPrice === undefined ? undefined : `price: ${input.originalPrice.toFixed(2)} €`,
  ]
    .filter(Boolean)
    .join("\n");

/** Fallback queries that repeat the primary one or each other add a search and nothing else. */
const distinctQueries = (output: QueryGeneratorOutput): QueryGeneratorOutput => {
  const primary = output.primaryQuery.trim().toLowerCase();
  const seen = new Set([primary]);
  const fallbackQueries: string[] = [];
  for (const query of output.fallbackQueries.map((q) => q.trim().toLowerCase())) {
    if (seen.has(query)) continue;
    seen.add(query);
    fallbackQueries.push(query);
  }
  return { ...output, primaryQuery: primary, fallbackQueries };
};

export interface QueryGeneration {
  queries: QueryGeneratorOutput;
  source: StepSource;
  reasoning?: string;
}

/**
 * The seed's QueryGenerator: the model (the fast one) names queries that find alternatives, not the same
 * product; when it is unavailable or answers invalidly twice, the heuristic builder does.
 */
export const generateSearchQueries = async (
  deps: { llm: LlmPort; logger: LoggerPort; tiers?: BrandTiers },
  input: QueryGeneratorInput,
): Promise<QueryGeneration> => {
  const tiers = deps.tiers ?? SEED_BRAND_TIERS;
  return withHeuristicFallback<QueryGeneration>(
    deps.logger,
    "LLM query generation failed, using heuristic",
    async () => {
      const { value } = await deps.llm.structured({
        schemaName: SEARCH_QUERY_SCHEMA_NAME,
        description: "Generate search queries to find substitute products on Auchan.pt",
        schema: generateSearchQueryToolSchema,
        system: QUERY_GENERATOR_SYSTEM_PROMPT,
        messages: [{ role: "user", content: wrapPromptData("product", describeProduct(input)) }],
        model: "fast",
        maxOutputTokens: 1024,
      });
      const queries = distinctQueries({
        primaryQuery: value.primaryQuery,
        fallbackQueries: value.fallbackQueries.slice(0, 3),
        inferredCategory: value.inferredCategory,
        searchStrategy: value.searchStrategy ?? "category",
      });
      return { queries, source: "llm" as const, reasoning: value.reasoning };
    },
    () => ({ queries: buildHeuristicQueries(input, tiers), source: "heuristic" as const }),
  );
};
