import type { Context } from "aws-lambda";
import { z } from "zod";
import { parseOrThrow } from "../../core/validation";
import { itemPolicySchema } from "../domain/household-preferences";
import { itemRulesSchema, searchStateSchema } from "../domain/runs/run-step-events";
import { coordinatorCartLineSchema } from "../domain/store-shapes";
import { rankCandidatesForItem } from "../domain/use-cases/rank-item-candidates";
import { stepLogger } from "../wiring/step-logger";
import { withStepScope } from "../wiring/step-scope";

const eventSchema = z.object({
  /** The item's model window (GenerateQueries opened it); absent, the step's deadline alone bounds it. */
  modelWindowEndsAt: z.number().optional(),
  item: coordinatorCartLineSchema,
  policy: itemPolicySchema,
  rules: itemRulesSchema,
  search: searchStateSchema,
});

/**
 * Map item, step 4: the seed's ValueRanker (`rank_substitutes_by_value`, heuristic when the model fails),
 * then the category guard, price cap, policy and brands, in code.
 */
export const handler = async (event: unknown, context: Context) => {
  const { item, policy, rules, search, modelWindowEndsAt } = parseOrThrow(
    eventSchema,
    event,
    "RankCandidates event",
  );
  return withStepScope(
    context,
    { name: "RankCandidates", windowEndsAt: modelWindowEndsAt },
    async ({ llm, runUsage }) => {
      const ranked = await rankCandidatesForItem(
        { llm, logger: stepLogger },
        { item, policy, rules, candidates: search.candidates },
      );
      return { ...ranked, usage: runUsage() };
    },
  );
};
