import type { LlmPort } from "../../../core/llm/llm-port";
import { wrapPromptData } from "../../../core/llm/prompt-data";
import type { LoggerPort } from "../../../core/logger-port";
import { type StepSource, withHeuristicFallback } from "../heuristic-fallback";
import { keepDefiningAttributes } from "./attribute-guard";
import { type BrandTiers, classifyBrand, SEED_BRAND_TIERS } from "./brand-tiers";
import {
  modelRankingOutputSchema,
  RANK_SUBSTITUTES_SCHEMA_NAME,
  type SubstituteCandidate,
  type ValueRankerInput,
  type ValueRankerOutput,
  type ValueRanking,
} from "./substitution-contracts";
import { type SubstitutionRules, substitutionPrefix } from "./substitution-prompt-prefix";
import { SUBSTITUTION_TEMPERATURE } from "./substitution-prompts";
import { heuristicReason, reasonContradiction } from "./substitution-reasons";
import {
  calculateCapacityCostRatio,
  calculateValueScore,
  comparablePrices,
  comparePrice,
  recommendationFor,
} from "./value-heuristics";

// Where it was defined before the substitution prefix needed it (issue 43: the import cycle); kept for callers.
export { modelRankingOutputSchema } from "./substitution-contracts";

/** One heuristic ranking entry: the seed's score, brand tier, bands and a reason, all computed. */
const scoreCandidate = (
  candidate: SubstituteCandidate,
  original: ValueRankerInput["originalProduct"],
  tiers: BrandTiers,
): Omit<ValueRanking, "rank"> => {
  const brandPreference = classifyBrand(candidate.name, tiers, candidate.brand);
  const valueScore = calculateValueScore(candidate, original, tiers, brandPreference);
  const priceComparison = comparePrice(candidate, original);
  return {
    productId: candidate.productId,
    valueScore,
    brandPreference,
    priceComparison,
    capacityCostRatio: calculateCapacityCostRatio(candidate.price, candidate.pricePerUnit, candidate.size),
    recommendation: recommendationFor(valueScore),
    reason: heuristicReason(candidate, original, brandPreference, priceComparison),
  };
};

/** The seed's recommendation bands as a pt-PT reader reads them. */
export const RECOMMENDATION_PT: Record<ValueRanking["recommendation"], string> = {
  strong: "forte",
  acceptable: "aceitável",
  weak: "fraca",
};

/** Ranked candidates a recommendation shows (the worker's MAX_SHOWN_CANDIDATES). */
export const SHOWN_CANDIDATES = 5;

/**
 * One line on a ranked list, in pt-PT: how many alternatives the household is shown (never more than the
 * list holds) and the best one (after the household's rules).
 */
export const summarizeRankings = (
  rankings: readonly ValueRanking[],
  originalName: string,
  nameOf: (productId: string) => string | undefined,
  shownCount: number = SHOWN_CANDIDATES,
): string => {
  const best = rankings[0];
  if (!best) return "Sem alternativas disponíveis.";
  const name = nameOf(best.productId) ?? best.productId;
  const shown = Math.min(rankings.length, shownCount);
  const count = shown === 1 ? "1 alternativa" : `${shown} alternativas`;
  return `${count} para "${originalName}"; a melhor: ${name} (${Math.round(best.valueScore * 100)}%, ${RECOMMENDATION_PT[best.recommendation]}).`;
};

const nameIn =
  (input: ValueRankerInput) =>
  (id: string): string | undefined =>
    input.candidates.find((c) => c.productId === id)?.name;

/** The kind signals the input carries: the store's category path of each product, where given. */
const kindSignalsOf = (input: ValueRankerInput) => ({
  originalCategory: input.originalProduct.category,
  categoryOf: (id: string) => input.candidates.find((c) => c.productId === id)?.category,
});

const summarize = (rankings: readonly ValueRanking[], input: ValueRankerInput): string =>
  summarizeRankings(rankings, input.originalProduct.name, nameIn(input));

/**
 * The heuristic ranker ("LLM enhances, heuristics always work"): every available candidate scored with
 * calculateValueScore, best first; ties go to the lower comparable price.
 */
export const rankByHeuristic = (
  input: ValueRankerInput,
  tiers: BrandTiers = SEED_BRAND_TIERS,
): ValueRankerOutput => {
  const scored = input.candidates
    .filter((candidate) => candidate.available)
    .map((candidate) => ({ candidate, ranking: scoreCandidate(candidate, input.originalProduct, tiers) }))
    .sort(
      (a, b) =>
        b.ranking.valueScore - a.ranking.valueScore ||
        comparablePrices(a.candidate, input.originalProduct).candidate -
          comparablePrices(b.candidate, input.originalProduct).candidate,
    );
  const rankings = keepDefiningAttributes(
    scored.map(({ ranking }, index) => ({ ...ranking, rank: index + 1 })),
    input.originalProduct.name,
    nameIn(input),
    undefined,
    kindSignalsOf(input),
  );
  return { rankings, summary: summarize(rankings, input) };
};

const describeCandidates = (input: ValueRankerInput): string =>
  input.candidates
    .filter((c) => c.available)
    .map((c) =>
      [
        `- productId: ${c.productId}`,
        `  name: ${c.name}`,
        `  price: ${c.price.toFixed(2)} €`,
        c.pricePerUnit ? `  pricePerUnit: ${c.pricePerUnit}` : undefined,
        c.brand ? `  brand: ${c.brand}` : undefined,
        c.size ? `  size: ${c.size}` : undefined,
        c.category ? `  category: ${c.category}` : undefined,
      ]
        .filter(Boolean)
        .join("\n"),
    )
    .join("\n");

const describeOriginal = (original: ValueRankerInput["originalProduct"]): string =>
  [
    `name: ${original.name}`,
    `price: ${original.price.toFixed(2)} €`,
    original.pricePerUnit ? `pricePerUnit: ${original.pricePerUnit}` : undefined,
    original.size ? `size: ${original.size}` : undefined,
    original.category ? `category: ${original.category}` : undefined,
  ]
    .filter(Boolean)
    .join("\n");

const knownTier = (
  candidate: SubstituteCandidate,
  tiers: BrandTiers,
): ValueRanking["brandPreference"] | undefined => {
  const tier = classifyBrand(candidate.name, tiers, candidate.brand);
  return tier === "unknown" ? undefined : tier;
};

export interface RankingOutcome {
  output: ValueRankerOutput;
  source: StepSource;
}

/**
 * The seed's ValueRanker: the model ranks by the household's value heuristics; the port checks its answer
 * (re-asking once); our code fills `priceComparison` and `capacityCostRatio` from the numbers, and ranks
 * any candidate the model left out after the ones it ranked, by the heuristic. Failure → the heuristic.
 */
export const rankSubstitutesByValue = async (
  deps: { llm: LlmPort; logger: LoggerPort; tiers?: BrandTiers; rules?: SubstitutionRules },
  input: ValueRankerInput,
): Promise<RankingOutcome> => {
  const tiers = deps.tiers ?? SEED_BRAND_TIERS;
  const available = input.candidates.filter((c) => c.available);
  if (available.length === 0) return { output: rankByHeuristic(input, tiers), source: "heuristic" };
  return withHeuristicFallback<RankingOutcome>(
    deps.logger,
    "LLM ranking failed, using heuristic",
    async () => {
      const ids = new Set(available.map((c) => c.productId));
      const { value } = await deps.llm.structured({
        schemaName: RANK_SUBSTITUTES_SCHEMA_NAME,
        description: "Rank substitute candidates using household value heuristics",
        schema: modelRankingOutputSchema(ids, new Map(available.map((c) => [c.productId, c.name]))),
        // The substitution agent's shared prefix (tools, system): the query and reason steps send it too.
        ...substitutionPrefix({ tiers, rules: deps.rules }),
        messages: [
          {
            role: "user",
            content: `${wrapPromptData("original", describeOriginal(input.originalProduct))}\n${wrapPromptData("candidates", describeCandidates(input))}`,
          },
        ],
        model: "fast",
        maxOutputTokens: 2048,
        temperature: SUBSTITUTION_TEMPERATURE,
      });
      const byId = new Map(available.map((c) => [c.productId, c]));
      const modelOrder = [...value.rankings].sort((a, b) => a.rank - b.rank);
      const ranked: Omit<ValueRanking, "rank">[] = modelOrder.map((ranking) => {
        const candidate = byId.get(ranking.productId) as SubstituteCandidate;
        // The brand tier is a fact the tiers hold: a model that calls Polegar "national" (it cannot know
        // Auchan's labels) is not shown; its word stands only for a brand the tiers do not know.
        const brandPreference = knownTier(candidate, tiers) ?? ranking.brandPreference;
        const priceComparison = comparePrice(candidate, input.originalProduct);
        // A reason about another product, a lost attribute claimed, or an invented price is not shown.
        const contradiction = reasonContradiction(
          ranking.reason,
          candidate,
          input.originalProduct,
          available,
        );
        if (contradiction) {
          deps.logger.warn("LLM ranking reason contradicts its candidate, using the heuristic reason", {
            productId: candidate.productId,
            why: contradiction,
          });
        }
        return {
          productId: ranking.productId,
          valueScore: ranking.valueScore,
          brandPreference,
          priceComparison,
          capacityCostRatio: calculateCapacityCostRatio(
            candidate.price,
            candidate.pricePerUnit,
            candidate.size,
          ),
          // The seed's bands hold whatever the model says, so a 0.45 is never "strong".
          recommendation: recommendationFor(ranking.valueScore),
          reason: contradiction
            ? heuristicReason(candidate, input.originalProduct, brandPreference, priceComparison)
            : ranking.reason,
        };
      });
      const leftOut = rankByHeuristic(
        {
          ...input,
          candidates: available.filter((c) => !value.rankings.some((r) => r.productId === c.productId)),
        },
        tiers,
      ).rankings;
      // The model's "strong" for a candidate that loses a defining attribute is lowered, with the reason.
      const rankings = keepDefiningAttributes(
        [...ranked, ...leftOut].map((ranking, index) => ({ ...ranking, rank: index + 1 })),
        input.originalProduct.name,
        nameIn(input),
        undefined,
        kindSignalsOf(input),
      );
      return {
        // The model's summary names its own first; when the guard moved that one down, ours says the truth.
        output: {
          rankings,
          summary:
            rankings[0]?.productId === modelOrder[0]?.productId && value.summary
              ? value.summary
              : summarize(rankings, input),
        },
        source: "llm" as const,
      };
    },
    () => ({ output: rankByHeuristic(input, tiers), source: "heuristic" as const }),
  );
};
