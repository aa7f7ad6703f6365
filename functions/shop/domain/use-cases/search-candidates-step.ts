import type { ItemPolicy } from "../household-preferences";
import type { StorePort } from "../ports/store-port";
import type { CoordinatorCartLine, CoordinatorProduct } from "../store-shapes";
import type { QueryGeneratorOutput } from "../substitution/substitution-contracts";
import {
  originalItemFromCartLine,
  type SearchProgress,
  searchItemCandidates,
} from "../substitution/substitution-worker";

/**
 * SearchCandidates (map item, step 2, once per query): one store search, its products merged into the
 * candidates; the last visit takes the unavailable product itself out of them.
 */
export const searchCandidatesStep = (
  deps: { withStore: <T>(work: (store: StorePort) => Promise<T>) => Promise<T> },
  args: {
    item: CoordinatorCartLine;
    policy: ItemPolicy;
    queries: QueryGeneratorOutput;
    search: { candidates: CoordinatorProduct[]; nextQueryIndex: number };
  },
): Promise<SearchProgress> =>
  deps.withStore((store) =>
    searchItemCandidates(store, {
      original: originalItemFromCartLine(args.item),
      queries: args.queries,
      queryIndex: args.search.nextQueryIndex,
      candidates: args.search.candidates,
      policy: args.policy,
    }),
  );
