import type { LoggerPort } from "../../../core/logger-port";
import { type HouseholdPreferences, type ItemPolicy, matchesBrand } from "../household-preferences";
import type { ValueRanking } from "./substitution-contracts";
import { comparablePrices, type ValueScoreProduct } from "./value-heuristics";

/** A candidate as the rules see it: the seed's fields plus the store's category path. */

/** How the note of a strong candidate lowered for its price begins (inside parentheses, after the reason). */
export const PRICE_CAP_NOTE = "acima do limite de preço";
export interface RuleCandidate extends ValueScoreProduct {
  productId: string;
  categoryPath: readonly string[];
}

export interface RuleOriginal extends ValueScoreProduct {
  productId: string;
  categoryPath: readonly string[];
}

export interface RemovedCandidate {
  productId: string;
  rule: "category_guard" | "banned_brand" | "not_in_specific_policy";
  reason: string;
}

export interface RuledRankings {
  rankings: ValueRanking[];
  removed: RemovedCandidate[];
}

const samePath = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((segment, index) => segment.toLowerCase() === b[index]?.toLowerCase());

/**
 * The rules grocery services learned, checked in code after the model (or the heuristic) ranked, so no
 * answer of a model can get round them:
 * - hard category guard: a substitute sits in the original's category path (frozen vegetables stay
 *   frozen vegetables), else it is removed and the reason logged;
 * - banned brands are removed; a `specific` policy keeps only its products;
 * - price cap: more than `priceCapPercent` dearer (unit price, else price) is never `strong`;
 * - pinned brands go first (the household's choice beats the store-brand preference).
 * Ranks are renumbered 1..n afterwards.
 */
export const applySubstitutionRules = (args: {
  rankings: readonly ValueRanking[];
  candidates: readonly RuleCandidate[];
  original: RuleOriginal;
  policy: ItemPolicy;
  preferences: Pick<HouseholdPreferences, "pinnedBrands" | "bannedBrands" | "priceCapPercent">;
  logger: LoggerPort;
}): RuledRankings => {
  const { original, preferences, logger } = args;
  const byId = new Map(args.candidates.map((c) => [c.productId, c]));
  const removed: RemovedCandidate[] = [];
  const remove = (productId: string, rule: RemovedCandidate["rule"], reason: string): false => {
    removed.push({ productId, rule, reason });
    logger.info("substitute removed by rule", {
      originalProductId: original.productId,
      productId,
      rule,
      reason,
    });
    return false;
  };
  const kept = args.rankings.filter((ranking) => {
    const candidate = byId.get(ranking.productId);
    if (!candidate) return remove(ranking.productId, "category_guard", "not among the searched candidates");
    if (args.policy.policy === "specific" && !args.policy.productIds.includes(candidate.productId)) {
      return remove(
        candidate.productId,
        "not_in_specific_policy",
        "the household allows only specific products",
      );
    }
    if (matchesBrand(preferences.bannedBrands, candidate)) {
      return remove(
        candidate.productId,
        "banned_brand",
        `brand ${candidate.brand ?? ""} is banned by the household`.trim(),
      );
    }
    if (original.categoryPath.length > 0 && !samePath(candidate.categoryPath, original.categoryPath)) {
      return remove(
        candidate.productId,
        "category_guard",
        `category ${candidate.categoryPath.join("/") || "(unknown)"} is not the original's ${original.categoryPath.join("/")}`,
      );
    }
    return true;
  });
  const capped = kept.map((ranking) => {
    const candidate = byId.get(ranking.productId) as RuleCandidate;
    const prices = comparablePrices(candidate, original);
    const cap = prices.original * (1 + preferences.priceCapPercent / 100);
    if (ranking.recommendation !== "strong" || prices.candidate <= cap) return ranking;
    return {
      ...ranking,
      recommendation: "acceptable" as const,
      reason: `${ranking.reason} (${PRICE_CAP_NOTE} de +${preferences.priceCapPercent}% ${prices.basis === "unit" ? "ao preço unitário" : "no preço"})`,
    };
  });
  const pinned = capped.filter((r) =>
    matchesBrand(preferences.pinnedBrands, byId.get(r.productId) as RuleCandidate),
  );
  const others = capped.filter((r) => !pinned.includes(r));
  return {
    rankings: [...pinned, ...others].map((ranking, index) => ({ ...ranking, rank: index + 1 })),
    removed,
  };
};
