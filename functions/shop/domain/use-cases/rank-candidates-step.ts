import type { LlmPort } from "../../../core/llm/llm-port";
import type { LoggerPort } from "../../../core/logger-port";
import type { RememberedChoices } from "../choices/substitution-choice";
import type { HouseholdPreferences, ItemPolicy } from "../household-preferences";
import type { CoordinatorCartLine, CoordinatorProduct } from "../store-shapes";
import { brandTiersFor, DEFAULT_STORE_ID } from "../substitution/brand-tiers";
import {
  originalItemFromCartLine,
  type RankedItem,
  rankItemCandidates,
} from "../substitution/substitution-worker";

/**
 * RankCandidates (map item, step 4): the seed's ValueRanker (`rank_substitutes_by_value`, the heuristic
 * when the model fails), then the category guard, price cap, policy and brands, in code.
 */
export const rankCandidatesStep = (
  deps: { llm: LlmPort; logger: LoggerPort },
  args: {
    item: CoordinatorCartLine;
    policy: ItemPolicy;
    rules: Pick<HouseholdPreferences, "pinnedBrands" | "bannedBrands" | "priceCapPercent"> & {
      remembered?: RememberedChoices | undefined;
    };
    candidates: CoordinatorProduct[];
  },
): Promise<RankedItem> =>
  rankItemCandidates(
    { ...deps, tiers: brandTiersFor(DEFAULT_STORE_ID) },
    {
      original: originalItemFromCartLine(args.item),
      candidates: args.candidates,
      policy: args.policy,
      preferences: args.rules,
      remembered: args.rules.remembered,
    },
  );
