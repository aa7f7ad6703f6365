import { z } from "zod";
import { stripAccents } from "../../../core/text/fold-text";
import { modelEnum, modelFraction, modelText } from "../../../core/text/model-values";
import { refineListedIdsOnce, withListedIds } from "../../../core/validation";

/**
 * Seed 000's contracts, verbatim: QueryGeneratorInput/Output, ValueRankerInput/Output and the worker's
 * SubstitutionResult. Field names, enums and the tool/schema names are the seed's; zod schemas check
 * what clients and models send.
 */

export const SEARCH_QUERY_SCHEMA_NAME = "generate_search_query";
export const RANK_SUBSTITUTES_SCHEMA_NAME = "rank_substitutes_by_value";

export const BRAND_PREFERENCES = ["store", "national", "premium", "unknown"] as const;
export type BrandPreference = (typeof BRAND_PREFERENCES)[number];
export const RECOMMENDATIONS = ["strong", "acceptable", "weak"] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];
export const PRICE_COMPARISONS = ["cheaper", "similar", "more_expensive"] as const;
export type PriceComparison = (typeof PRICE_COMPARISONS)[number];
export const SEARCH_STRATEGIES = ["exact", "category", "broad"] as const;

const text = (max: number) => z.string().trim().min(1).max(max);

export const queryGeneratorInputSchema = z.object({
  productName: text(300),
  productCategory: text(200).optional(),
  originalPrice: z.number().nonnegative().max(100_000).optional(),
  /** Ours, not the seed's: brands on the page (the tiles' brand fields); none is kept in a query. */
  brands: z.array(text(100)).max(60).optional(),
});
export type QueryGeneratorInput = z.infer<typeof queryGeneratorInputSchema>;

export const queryGeneratorOutputSchema = z.object({
  primaryQuery: text(200),
  fallbackQueries: z.array(text(200)).max(5),
  inferredCategory: z.string().max(200),
  searchStrategy: z.enum(SEARCH_STRATEGIES),
});
export type QueryGeneratorOutput = z.infer<typeof queryGeneratorOutputSchema>;

/** The seed's `generate_search_query` tool input (searchStrategy is ours, optional for the model). */
export const generateSearchQueryToolSchema = z.object({
  primaryQuery: text(200),
  fallbackQueries: z.array(text(200)).max(5),
  /** null (a model with nothing to say) is "". */
  inferredCategory: modelText(z.string().max(200)),
  reasoning: modelText(z.string().max(2000)),
  /** A near miss ("Category", "BROAD") is the seed's value. */
  searchStrategy: modelEnum(SEARCH_STRATEGIES).optional(),
});

export const originalProductSchema = z.object({
  name: text(300),
  price: z.number().nonnegative().max(100_000),
  pricePerUnit: z.string().max(60).optional(),
  size: z.string().max(60).optional(),
  /** Ours, not the seed's: the store's category path ("alimentação/produtos-lácteos/iogurtes/gregos"). */
  category: z.string().trim().min(1).max(300).optional(),
});
export type OriginalProduct = z.infer<typeof originalProductSchema>;

export const substituteCandidateSchema = z.object({
  productId: text(60),
  name: text(300),
  price: z.number().nonnegative().max(100_000),
  pricePerUnit: z.string().max(60).optional(),
  brand: z.string().max(100).optional(),
  size: z.string().max(60).optional(),
  available: z.boolean(),
  /** Ours, not the seed's: the store's category path ("alimentação/produtos-lácteos/iogurtes/gregos"). */
  category: z.string().trim().min(1).max(300).optional(),
});
export type SubstituteCandidate = z.infer<typeof substituteCandidateSchema>;

export const valueRankerInputSchema = z.object({
  originalProduct: originalProductSchema,
  candidates: z.array(substituteCandidateSchema).max(40),
});
export type ValueRankerInput = z.infer<typeof valueRankerInputSchema>;

export const valueRankingSchema = z.object({
  productId: z.string(),
  rank: z.number().int().min(1),
  /** 0-1, capacity/cost optimization. */
  valueScore: z.number().min(0).max(1),
  brandPreference: z.enum(BRAND_PREFERENCES),
  priceComparison: z.enum(PRICE_COMPARISONS),
  /** Normalized €/unit score. */
  capacityCostRatio: z.number().min(0).max(1),
  recommendation: z.enum(RECOMMENDATIONS),
  /** Human-readable explanation. */
  reason: z.string(),
});
export type ValueRanking = z.infer<typeof valueRankingSchema>;

export const valueRankerOutputSchema = z.object({
  rankings: z.array(valueRankingSchema),
  summary: z.string(),
});
export type ValueRankerOutput = z.infer<typeof valueRankerOutputSchema>;

/** One ranking as the model reports it: the seed's `rank_substitutes_by_value` tool schema. */
/** Other words a model uses for a brand tier (keys as aliasKey writes them: no case, accents or spaces). */
const BRAND_PREFERENCE_ALIASES: Record<string, BrandPreference> = {
  storebrand: "store",
  ownbrand: "store",
  privatelabel: "store",
  marcapropria: "store",
  marcadodistribuidor: "store",
  marcabranca: "store",
  nationalbrand: "national",
  marcanacional: "national",
  premiumbrand: "premium",
  marcapremium: "premium",
  desconhecida: "unknown",
};
/** The seed's recommendation bands as a pt-PT prompt may lead a model to write them. */
const RECOMMENDATION_ALIASES: Record<string, Recommendation> = {
  forte: "strong",
  aceitavel: "acceptable",
  fraca: "weak",
  fraco: "weak",
};

const aliasKey = (text: string): string =>
  stripAccents(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");

/** A model's enum value: its own words for one first (`aliases`, keys as aliasKey writes them), then near misses. */
const withAliases = <const T extends readonly [string, ...string[]]>(
  values: T,
  aliases: Readonly<Record<string, T[number]>>,
) =>
  z.preprocess((raw) => (typeof raw === "string" ? (aliases[aliasKey(raw)] ?? raw) : raw), modelEnum(values));

export const modelRankingSchema = z.object({
  productId: z.string().min(1).describe("the candidate's productId exactly as listed (not its name)"),
  rank: z.number().int().min(1),
  /** "0,85", "85%" or 85 is 0.85 (a score as real models write it); "4,200" is refused, never guessed. */
  valueScore: modelFraction().describe('a fraction from 0 to 1, as a number: 0.85, not 85 or "85%"'),
  brandPreference: withAliases(BRAND_PREFERENCES, BRAND_PREFERENCE_ALIASES),
  recommendation: withAliases(RECOMMENDATIONS, RECOMMENDATION_ALIASES),
  reason: z.string().trim().min(1).max(500),
});
export type ModelRanking = z.infer<typeof modelRankingSchema>;

export const SUBSTITUTION_STATUSES = ["substitutes_found", "no_substitutes"] as const;
export type SubstitutionStatus = (typeof SUBSTITUTION_STATUSES)[number];

/** The unavailable cart line a substitution is for (small: what the run record and the API show). */
export const originalItemSchema = z.object({
  productId: z.string(),
  name: z.string(),
  price: z.number(),
  pricePerUnit: z.string().optional(),
  size: z.string().optional(),
  brand: z.string().optional(),
  quantity: z.number(),
  categoryPath: z.array(z.string()),
});
export type OriginalItem = z.infer<typeof originalItemSchema>;

/**
 * Ours, not the seed's: one thing the guards found differs from the original (what the reason's
 * "Diferente do original: …", "Outro tipo de produto: …" or "Embalagem de outro uso: …" says, as data).
 */
export const substituteDifferenceSchema = z.object({
  /** A defining attribute's dimension (dietary, source, grade, …), `product_type` or `pack`. */
  attribute: z.string(),
  /** The original's side, in the reason's pt-PT words ("sem lactose"). */
  original: z.string(),
  /** The substitute's side ("com lactose"). */
  substitute: z.string(),
});

/** A ranked candidate as the run keeps it: the seed's ranking plus what a person needs to decide. */
export const rankedCandidateSchema = valueRankingSchema.extend({
  name: z.string(),
  price: z.number(),
  pricePerUnit: z.string().optional(),
  brand: z.string().optional(),
  size: z.string().optional(),
  /** What differs from the original, empty when nothing does (absent on runs stored before it was kept). */
  differences: z.array(substituteDifferenceSchema).optional(),
});
export type RankedCandidate = z.infer<typeof rankedCandidateSchema>;

export const substitutionRecommendationSchema = z.object({
  originalItem: originalItemSchema,
  status: z.enum(SUBSTITUTION_STATUSES),
  candidates: z.array(rankedCandidateSchema),
  reason: z.string(),
});
export type SubstitutionRecommendation = z.infer<typeof substitutionRecommendationSchema>;

export const substitutionResultSchema = z.object({
  substitutions: z.array(substitutionRecommendationSchema),
  summary: z.string(),
  totalUnavailable: z.number().int().nonnegative(),
  totalWithSubstitutes: z.number().int().nonnegative(),
});
export type SubstitutionResult = z.infer<typeof substitutionResultSchema>;

/**
 * The model's answer, checked like any input: only the listed product ids, each once, ranks unique,
 * scores within 0..1. The LLM port re-asks once with these errors; a second refusal is LlmOutputInvalid.
 */
export const modelRankingOutputSchema = (
  candidateIds: ReadonlySet<string>,
  names: ReadonlyMap<string, string> = new Map(),
) =>
  z.preprocess(
    (raw) => withListedIds(raw, "rankings", candidateIds, names),
    z
      .object({
        rankings: z.array(modelRankingSchema).min(1).max(40),
        // A null summary is none: ours is written from the ranking.
        summary: modelText(z.string().max(2000)),
      })
      .superRefine((value, context) => {
        const seenRanks = new Set<number>();
        refineListedIdsOnce(
          value.rankings,
          {
            id: (ranking) => ranking.productId,
            listed: candidateIds,
            path: (index) => ["rankings", index, "productId"],
            verb: "rank",
            pastVerb: "ranked",
          },
          context,
          (ranking, index) => {
            if (seenRanks.has(ranking.rank)) {
              context.addIssue({
                code: "custom",
                path: ["rankings", index, "rank"],
                message: `rank ${ranking.rank} is given twice`,
              });
            }
            seenRanks.add(ranking.rank);
          },
        );
      }),
  );

/** The seed's ReasonGenerator ("Explain recommendations"): its own model call, after the ranking. */
export const EXPLAIN_SUBSTITUTES_SCHEMA_NAME = "explain_substitutes";

/** A reason a shopper reads at a glance: one line. */
export const REASON_MAX_CHARS = 160;

/** What the model must answer: a reason for listed candidates only, each once, each short. */
export const explainSubstitutesSchema = (
  candidateIds: ReadonlySet<string>,
  names: ReadonlyMap<string, string> = new Map(),
) =>
  z.preprocess(
    // A reason keyed by the candidate's name, or by its id in another form, is that candidate's.
    (raw) => withListedIds(raw, "reasons", candidateIds, names),
    z
      .object({
        reasons: z
          .array(z.object({ productId: z.string(), reason: z.string().trim().min(1).max(REASON_MAX_CHARS) }))
          .min(1)
          .max(40),
      })
      .superRefine((value, context) =>
        refineListedIdsOnce(
          value.reasons,
          {
            id: (entry) => entry.productId,
            listed: candidateIds,
            path: (index) => ["reasons", index, "productId"],
            verb: "explain",
            pastVerb: "explained",
          },
          context,
        ),
      ),
  );
