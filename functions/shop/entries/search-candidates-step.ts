import type { Context } from "aws-lambda";
import { z } from "zod";
import { parseOrThrow } from "../../core/validation";
import { householdIdSchema } from "../domain/household-for-tenant";
import { itemPolicySchema } from "../domain/household-preferences";
import { queriesStepOutputSchema, searchStateSchema } from "../domain/runs/run-step-events";
import { coordinatorCartLineSchema } from "../domain/store-shapes";
import type { SearchProgress } from "../domain/substitution/substitution-worker";
import { searchCandidatesForItem } from "../domain/use-cases/search-item-candidates";
import { withHouseholdStore } from "../wiring/step-store";

const eventSchema = z.object({
  householdId: householdIdSchema,
  item: coordinatorCartLineSchema,
  policy: itemPolicySchema,
  queries: queriesStepOutputSchema.shape.queries,
  search: searchStateSchema,
});

/**
 * Map item, step 2, once per query: one store search (the primary query first, then the fallbacks),
 * candidates merged; a Choice state loops here until 8 candidates or no query is left, and the last
 * visit takes the unavailable product itself out of the candidates.
 */
export const handler = async (event: unknown, context: Context): Promise<SearchProgress> => {
  const { householdId, item, policy, queries, search } = parseOrThrow(
    eventSchema,
    event,
    "SearchCandidates event",
  );
  return searchCandidatesForItem(
    { withStore: (work) => withHouseholdStore({ householdId }, context, work) },
    { item, policy, queries, search },
  );
};
