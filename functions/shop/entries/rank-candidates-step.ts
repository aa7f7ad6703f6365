import type { Context } from "aws-lambda";
import { z } from "zod";
import { parseOrThrow } from "../../core/validation";
import { brandTiersFor, DEFAULT_STORE_ID } from "../domain/brand-tiers";
import { itemPolicySchema } from "../domain/household-preferences";
import { itemRulesSchema, searchStateSchema } from "../domain/run-step-events";
import { coordinatorCartLineSchema } from "../domain/store-shapes";
import { originalItemFromCartLine, rankItemCandidates } from "../domain/substitution-worker";
import { stepLlm } from "../wiring/step-llm";
import { stepLogger } from "../wiring/step-logger";

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
  const { llm, usage } = stepLlm(context, modelWindowEndsAt);
  const ranked = await rankItemCandidates(
    { llm, logger: stepLogger, tiers: brandTiersFor(DEFAULT_STORE_ID) },
    { original: originalItemFromCartLine(item), candidates: search.candidates, policy, preferences: rules },
  );
  return { ...ranked, usage: usage() };
};
