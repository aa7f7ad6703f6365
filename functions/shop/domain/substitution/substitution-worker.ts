import type { LlmPort } from "../../../core/llm/llm-port";
import type { LoggerPort } from "../../../core/logger-port";
import { foldText } from "../../../core/text/fold-text";
import { applyRememberedChoices, type RememberedChoices } from "../choices/substitution-choice";
import type { StepSource } from "../heuristic-fallback";
import type { HouseholdPreferences, ItemPolicy } from "../household-preferences";
import type { StorePort } from "../ports/store-port";
import type { CoordinatorCartLine, CoordinatorProduct } from "../store-shapes";
import { keepDefiningAttributes, substituteDifferences } from "./attribute-guard";
import type { BrandTiers } from "./brand-tiers";
import { generateSearchQueries } from "./query-generator";
import type {
  OriginalItem,
  QueryGeneratorOutput,
  RankedCandidate,
  SubstitutionRecommendation,
  SubstitutionResult,
} from "./substitution-contracts";
import type { SubstitutionRules } from "./substitution-prompt-prefix";
import { applySubstitutionRules, type RemovedCandidate } from "./substitution-rules";
import { rankSubstitutesByValue, summarizeRankings } from "./value-ranker";

/**
 * The seed's substitution worker, one step at a time: each function below is one Task state of the
 * item sub-workflow (statemachines/shop-coordinator.asl.json). Nothing runs them in a row outside the
 * workflow: the ASL is the one implementation of the item's flow.
 */

/** The seed's stop: "if (candidates.length >= 8) break". */
export const ENOUGH_CANDIDATES = 8;
/** Each search asks for this many (the seed's `maxResults: 10, availableOnly: true`). */
export const SEARCH_MAX_RESULTS = 10;
/** Candidates an item keeps at most (the ranked list a person reviews). */
export const MAX_CANDIDATES = 16;
/** Ranked candidates a recommendation shows. */
export const MAX_SHOWN_CANDIDATES = 5;

export const originalItemFromCartLine = (line: CoordinatorCartLine): OriginalItem => ({
  productId: line.productId,
  name: line.name,
  price: line.price,
  ...(line.pricePerUnit === undefined ? {} : { pricePerUnit: line.pricePerUnit }),
  ...(line.size === undefined ? {} : { size: line.size }),
  ...(line.brand === undefined ? {} : { brand: line.brand }),
  quantity: line.quantity,
  categoryPath: line.categoryPath,
});

export interface WorkerDeps {
  llm: LlmPort;
  logger: LoggerPort;
  tiers: BrandTiers;
  /** The household's rules, told to the model in the substitution agent's shared prompt. */
  rules?: SubstitutionRules;
}

/** Step 2a: the item's queries (model, else heuristic). */
export const generateItemQueries = async (
  deps: WorkerDeps,
  original: OriginalItem,
): Promise<{ queries: QueryGeneratorOutput; source: StepSource }> => {
  // Seed 000's worker log line: each unavailable item's search for substitutes starts here.
  deps.logger.info("Finding substitutes", { item: original.name, productId: original.productId });
  const { queries, source } = await generateSearchQueries(
    deps,
    {
      productName: original.name,
      ...(original.categoryPath.length > 0 ? { productCategory: original.categoryPath.join("/") } : {}),
      originalPrice: original.price,
    },
    // No query names a banned brand: its products would all be removed.
    { brands: [original.brand, ...(deps.rules?.bannedBrands ?? [])] },
  );
  deps.logger.info("Generated queries", { productId: original.productId, queries, source });
  return { queries, source };
};

export const queriesInOrder = (queries: QueryGeneratorOutput): string[] => [
  queries.primaryQuery,
  ...queries.fallbackQueries,
];

export interface SearchProgress {
  candidates: CoordinatorProduct[];
  /** The next query to run (0 = primary). */
  nextQueryIndex: number;
  done: boolean;
  /** Set once done: the candidates left after the unavailable product itself is taken out. */
  candidateCount?: number;
}

/**
 * Step 2b, once per query: the seed's "search with fallback strategy". Runs query `queryIndex`, adds the
 * new products, and says whether to go on (fewer than 8 candidates and queries left). A `specific`
 * policy reads its products instead of searching. Once done, the unavailable product itself is taken out
 * of the candidates (the seed's isSameProduct filter, run here rather than in a Lambda of its own).
 */
export const searchItemCandidates = async (
  store: StorePort,
  args: {
    original: OriginalItem;
    queries: QueryGeneratorOutput;
    queryIndex: number;
    candidates: CoordinatorProduct[];
    policy: ItemPolicy;
  },
): Promise<SearchProgress> => {
  const progress = await searchOnce(store, args);
  if (!progress.done) return progress;
  const candidates = removeSameProduct(args.original, progress.candidates);
  return { ...progress, candidates, candidateCount: candidates.length };
};

const searchOnce = async (
  store: StorePort,
  args: {
    queries: QueryGeneratorOutput;
    queryIndex: number;
    candidates: CoordinatorProduct[];
    policy: ItemPolicy;
  },
): Promise<SearchProgress> => {
  if (args.policy.policy === "specific") {
    const products: CoordinatorProduct[] = [];
    for (const productId of args.policy.productIds) products.push(await store.readProduct(productId));
    return { candidates: products.filter((p) => p.available), nextQueryIndex: 0, done: true };
  }
  const all = queriesInOrder(args.queries);
  const query = all[args.queryIndex];
  if (query === undefined)
    return { candidates: args.candidates, nextQueryIndex: args.queryIndex, done: true };
  const found = await store.searchProducts(query, SEARCH_MAX_RESULTS);
  const seen = new Set(args.candidates.map((c) => c.productId));
  const candidates = [
    ...args.candidates,
    ...found.filter((p) => p.available && !seen.has(p.productId)),
  ].slice(0, MAX_CANDIDATES);
  const nextQueryIndex = args.queryIndex + 1;
  return {
    candidates,
    nextQueryIndex,
    done: candidates.length >= ENOUGH_CANDIDATES || nextQueryIndex >= all.length,
  };
};

/** The seed's isSameProduct filter (same product id, or the same name), run by the search once done. */
export const removeSameProduct = (
  original: OriginalItem,
  candidates: readonly CoordinatorProduct[],
): CoordinatorProduct[] =>
  candidates.filter(
    (candidate) =>
      candidate.productId !== original.productId && foldText(candidate.name) !== foldText(original.name),
  );

export interface RankedItem {
  candidates: RankedCandidate[];
  summary: string;
  removed: RemovedCandidate[];
  source: StepSource;
}

/** Step 2d: value ranking (model, else heuristic), then the household's rules checked in code. */
export const rankItemCandidates = async (
  deps: WorkerDeps,
  args: {
    original: OriginalItem;
    candidates: CoordinatorProduct[];
    policy: ItemPolicy;
    preferences: Pick<HouseholdPreferences, "pinnedBrands" | "bannedBrands" | "priceCapPercent">;
    /** The household's remembered choices for this original: its accepted one first, rejected ones last. */
    remembered?: RememberedChoices | undefined;
  },
): Promise<RankedItem> => {
  const { original } = args;
  const ranked = await rankSubstitutesByValue(
    { ...deps, rules: args.preferences },
    {
      originalProduct: {
        name: original.name,
        price: original.price,
        ...(original.pricePerUnit === undefined ? {} : { pricePerUnit: original.pricePerUnit }),
        ...(original.size === undefined ? {} : { size: original.size }),
        ...(original.categoryPath.length > 0 ? { category: original.categoryPath.join("/") } : {}),
      },
      candidates: args.candidates.map((c) => ({
        productId: c.productId,
        name: c.name,
        price: c.price,
        available: c.available,
        ...(c.pricePerUnit === undefined ? {} : { pricePerUnit: c.pricePerUnit }),
        ...(c.brand === undefined ? {} : { brand: c.brand }),
        ...(c.size === undefined ? {} : { size: c.size }),
        ...(c.categoryPath.length > 0 ? { category: c.categoryPath.join("/") } : {}),
      })),
    },
  );
  const ruled = applySubstitutionRules({
    rankings: ranked.output.rankings,
    candidates: args.candidates,
    original,
    policy: args.policy,
    preferences: args.preferences,
    logger: deps.logger,
  });
  const byId = new Map(args.candidates.map((c) => [c.productId, c]));
  // Pinned brands go first only among candidates of the same kind: one that loses a defining attribute
  // (sem lactose, de ovelha, grego) stays below every one that keeps them.
  const checked = keepDefiningAttributes(
    ruled.rankings,
    original.name,
    (id) => byId.get(id)?.name,
    undefined,
    {
      originalCategory: original.categoryPath,
      categoryOf: (id) => byId.get(id)?.categoryPath,
    },
  );
  // The household's own decisions last: they outweigh the store's order and our heuristics.
  const guarded = applyRememberedChoices(checked, args.remembered);
  const candidates = guarded.map((ranking): RankedCandidate => {
    const product = byId.get(ranking.productId) as CoordinatorProduct;
    return {
      ...ranking,
      name: product.name,
      price: product.price,
      ...(product.pricePerUnit === undefined ? {} : { pricePerUnit: product.pricePerUnit }),
      ...(product.brand === undefined ? {} : { brand: product.brand }),
      ...(product.size === undefined ? {} : { size: product.size }),
      differences: substituteDifferences(original.name, product.name, product.categoryPath, undefined, {
        originalCategory: original.categoryPath,
      }),
    };
  });
  // The summary names the best candidate left after the rules (the ranker's may name a removed one).
  const summary = summarizeRankings(guarded, original.name, (id) => byId.get(id)?.name, MAX_SHOWN_CANDIDATES);
  return { candidates, summary, removed: ruled.removed, source: ranked.source };
};

/** Step 2e: the item's recommendation, with the reasons a person reads before accepting. */
export const recommendationFor = (
  original: OriginalItem,
  ranked: Pick<RankedItem, "candidates" | "summary"> | undefined,
  noCandidatesReason = "No suitable alternatives found",
): SubstitutionRecommendation => {
  const candidates = (ranked?.candidates ?? []).slice(0, MAX_SHOWN_CANDIDATES);
  if (candidates.length === 0) {
    return { originalItem: original, status: "no_substitutes", candidates: [], reason: noCandidatesReason };
  }
  return { originalItem: original, status: "substitutes_found", candidates, reason: ranked?.summary ?? "" };
};

/** The seed's run summary over every item. */
export const summarizeSubstitutions = (
  substitutions: readonly SubstitutionRecommendation[],
): SubstitutionResult => {
  const totalWithSubstitutes = substitutions.filter((s) => s.status === "substitutes_found").length;
  const summary =
    substitutions.length === 0
      ? "All items available"
      : `${totalWithSubstitutes} of ${substitutions.length} unavailable items have substitutes`;
  return {
    substitutions: [...substitutions],
    summary,
    totalUnavailable: substitutions.length,
    totalWithSubstitutes,
  };
};
