import type { LlmPort } from "../../../core/llm/llm-port";
import { wrapPromptData } from "../../../core/llm/prompt-data";
import type { LoggerPort } from "../../../core/logger-port";
import { escapeRegExp } from "../../../core/text/escape-reg-exp";
import { foldText } from "../../../core/text/fold-text";
import { type StepSource, withHeuristicFallback } from "../heuristic-fallback";
import {
  type AttributeLexicon,
  DEFAULT_ATTRIBUTE_LEXICON,
  findAttributes,
  findKind,
  isKindWord,
} from "../product-attributes";
import { type BrandTiers, knownBrandWords, SEED_BRAND_TIERS } from "./brand-tiers";
import {
  generateSearchQueryToolSchema,
  type QueryGeneratorInput,
  type QueryGeneratorOutput,
  SEARCH_QUERY_SCHEMA_NAME,
} from "./substitution-contracts";
import { type SubstitutionRules, substitutionPrefix } from "./substitution-prompt-prefix";
import { SUBSTITUTION_TEMPERATURE } from "./substitution-prompts";

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

/** Words a primary query holds at most beyond the product's defining ones (the seed's query is short). */
const PRIMARY_WORDS = 5;

/** What else the query builder may know: the brands of the original and of candidates (the store's fields). */
export interface QueryBrandHints {
  brands?: readonly (string | undefined)[];
  lexicon?: AttributeLexicon;
}

/** Every brand a query must not keep: the tiers', the store's other known ones, and the page's (hints). */
const brandWordsOf = (tiers: BrandTiers, lexicon: AttributeLexicon, hints: QueryBrandHints): string[] =>
  [
    ...knownBrandWords(tiers),
    ...lexicon.otherBrands,
    ...(hints.brands ?? []).flatMap((b) => (b?.trim() ? [pageBrand(b, lexicon)] : [])),
  ]
    .filter((brand) => brand.length > 0)
    .sort((a, b) => b.length - a.length);

/**
 * A brand field as the page gives it, less any word that says what the food is: the store writes
 * "GALLO VIRGEM" as a brand, and "virgem" must stay in the query.
 */
const pageBrand = (brand: string, lexicon: AttributeLexicon): string =>
  brand
    .toLowerCase()
    .trim()
    .split(/\s+/)
    .filter((word) => findAttributes(word, lexicon).length === 0 && !isKindWord(word))
    .join(" ");

/** The text with each brand (a whole word or phrase, accents aside) taken out. */
const withoutBrands = (text: string, brands: readonly string[]): string => {
  let name = ` ${text.toLowerCase()} `;
  for (const brand of brands) {
    name = name.replaceAll(` ${brand} `, " ");
    const folded = foldText(brand);
    if (folded !== brand) name = ` ${name} `.replace(new RegExp(` ${escapeRegExp(folded)} `, "g"), " ");
  }
  return name;
};

/**
 * The heuristic query builder (seed: "strip brand + size"): sizes out, every brand out (the tiers', the
 * store's other known brands, and any brand the original or the candidates name), filler words out. The
 * original's defining words (sem lactose, ovelha, virgem extra, grego, bio, …: the store's attribute
 * lexicon) always stay in the primary query; other words are dropped from the end when it runs long.
 * Fallbacks drop words from the end, broadest last (the first two words, then the first).
 */
export const buildHeuristicQueries = (
  input: QueryGeneratorInput,
  tiers: BrandTiers = SEED_BRAND_TIERS,
  hints: QueryBrandHints = {},
): QueryGeneratorOutput => {
  const lexicon = hints.lexicon ?? DEFAULT_ATTRIBUTE_LEXICON;
  // The attribute lexicon's word split (punctuation as spaces), so its word positions are this list's.
  let name = ` ${input.productName.toLowerCase().replace(/[,;:()[\]"']/g, " ")} `.replace(SIZE_PATTERN, " ");
  name = withoutBrands(
    name,
    brandWordsOf(tiers, lexicon, { brands: [...(hints.brands ?? []), ...(input.brands ?? [])] }),
  );
  // Which words carry a defining attribute ("sem" and "lactose" both do in "sem lactose"; "0%" does in
  // "0% lactose"): those stay whatever they look like.
  const all = words(name);
  const definingAll = new Set<number>();
  for (const found of findAttributes(all.join(" "), lexicon)) {
    for (let i = 0; i < found.phrase.split(" ").length; i++) definingAll.add(found.position + i);
  }
  // The kind the name names first ("bebida láctea") is what the food is: it stays too.
  const kind = findKind(all.join(" "));
  for (let i = 0; kind && i < kind.length; i++) definingAll.add(kind.position + i);
  const coreEntries = all
    .map((word, index) => ({ word, defining: definingAll.has(index) }))
    .filter(({ word, defining }) => defining || (!FILLER_WORDS.has(word) && !/^\d/.test(word)));
  const core = coreEntries.map(({ word }) => word);
  const defining = new Set(coreEntries.flatMap(({ defining }, index) => (defining ? [index] : [])));
  let kept = core.map((word, index) => ({ word, index }));
  while (kept.length > PRIMARY_WORDS) {
    const droppable = kept.findLastIndex(({ index }) => index > 0 && !defining.has(index));
    if (droppable < 0) break;
    kept = kept.filter((_, i) => i !== droppable);
  }
  const primary = kept.map(({ word }) => word);
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

/**
 * The model's primary query with every defining attribute of the original (an answer that dropped "sem
 * lactose" would find ordinary milk first): each one missing is added in the name's words.
 */
export const withDefiningWords = (
  query: string,
  originalName: string,
  lexicon: AttributeLexicon = DEFAULT_ATTRIBUTE_LEXICON,
): string => {
  const inQuery = new Set(findAttributes(query, lexicon).map((f) => `${f.dimension}:${f.value}`));
  const missing = findAttributes(originalName, lexicon).filter(
    (f) => !inQuery.has(`${f.dimension}:${f.value}`),
  );
  return [query.trim(), ...new Set(missing.map((f) => f.phrase))].join(" ");
};

/** Words that say what a text is about: folded, three letters or more, no number, no filler, no brand. */
const meaningfulWords = (text: string, brands: readonly string[]): string[] => {
  const brandWords = new Set(brands.flatMap((brand) => foldText(brand).split(" ")));
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3 && !/^\d/.test(w) && !FILLER_WORDS.has(w) && !brandWords.has(w));
};

/** The same word, or one form of it ("congelada"/"congelados", "fatias"/"fatiado": the first five letters). */
const sameWord = (a: string, b: string): boolean =>
  a === b || (a.length >= 5 && b.length >= 5 && a.slice(0, 5) === b.slice(0, 5));

const sharesWord = (query: string, words: readonly string[], brands: readonly string[]): boolean =>
  meaningfulWords(query, brands).some((q) => words.some((w) => sameWord(q, w)));

/**
 * The `generate_search_query` schema for one product: its primary query must share a word with the
 * product's name or the store's category (a query in English, "sweet potato cubes", finds nothing on a
 * Portuguese shelf, and one about another food finds the wrong one). The port re-asks once, naming the
 * product's own words; a second such answer takes the heuristic queries.
 */
export const searchQuerySchemaFor = (input: QueryGeneratorInput, brands: readonly string[]) => {
  const words = meaningfulWords(`${input.productName} ${input.productCategory ?? ""}`, brands);
  return generateSearchQueryToolSchema.superRefine((value, context) => {
    if (words.length === 0 || sharesWord(value.primaryQuery, words, brands)) return;
    context.addIssue({
      code: "custom",
      path: ["primaryQuery"],
      message: `"${value.primaryQuery}" shares no word with the product: write the queries in European Portuguese with the product's own words (${[...new Set(words)].slice(0, 8).join(", ")})`,
    });
  });
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
  deps: { llm: LlmPort; logger: LoggerPort; tiers?: BrandTiers; rules?: SubstitutionRules },
  input: QueryGeneratorInput,
  hints: QueryBrandHints = {},
): Promise<QueryGeneration> => {
  const tiers = deps.tiers ?? SEED_BRAND_TIERS;
  const brands = brandWordsOf(tiers, hints.lexicon ?? DEFAULT_ATTRIBUTE_LEXICON, {
    ...hints,
    brands: [...(hints.brands ?? []), ...(input.brands ?? [])],
  });
  const productWords = meaningfulWords(`${input.productName} ${input.productCategory ?? ""}`, brands);
  return withHeuristicFallback<QueryGeneration>(
    deps.logger,
    "LLM query generation failed, using heuristic",
    async () => {
      const { value } = await deps.llm.structured({
        schemaName: SEARCH_QUERY_SCHEMA_NAME,
        description: "Generate search queries to find substitute products on Auchan.pt",
        schema: searchQuerySchemaFor(input, brands),
        // The substitution agent's shared prefix (tools, system): the rank and reason steps send it too.
        ...substitutionPrefix({ tiers, rules: deps.rules }),
        messages: [{ role: "user", content: wrapPromptData("product", describeProduct(input)) }],
        model: "fast",
        maxOutputTokens: 1024,
        temperature: SUBSTITUTION_TEMPERATURE,
      });
      // The model's queries lose every brand too (a brand on the page, listed or not): a query names the
      // food, not the shelf's labels.
      const strip = (query: string) => words(withoutBrands(query, brands)).join(" ");
      const primary = strip(value.primaryQuery);
      const queries = distinctQueries({
        primaryQuery: withDefiningWords(
          primary || buildHeuristicQueries(input, tiers, hints).primaryQuery,
          input.productName,
          hints.lexicon,
        ),
        // A fallback about nothing the product, its category or the primary query names (one in English
        // beside a Portuguese primary) adds a search that finds nothing, or something else.
        fallbackQueries: value.fallbackQueries
          .map(strip)
          .filter(
            (q) =>
              q.length > 0 &&
              sharesWord(
                q,
                [...productWords, ...meaningfulWords(`${primary} ${value.inferredCategory}`, brands)],
                brands,
              ),
          )
          .slice(0, 3),
        inferredCategory: value.inferredCategory,
        searchStrategy: value.searchStrategy ?? "category",
      });
      return { queries, source: "llm" as const, reasoning: value.reasoning };
    },
    () => ({ queries: buildHeuristicQueries(input, tiers, hints), source: "heuristic" as const }),
  );
};
