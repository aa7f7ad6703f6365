import type { Context } from "aws-lambda";
import { z } from "zod";
import { parseOrThrow } from "../../core/validation";
import { itemRulesSchema, rankStepOutputSchema } from "../domain/runs/run-step-events";
import { addUsage } from "../domain/runs/shop-run";
import { coordinatorCartLineSchema } from "../domain/store-shapes";
import { explainSubstitutesForItem } from "../domain/use-cases/explain-item-substitutes";
import { stepLogger } from "../wiring/step-logger";
import { withStepScope } from "../wiring/step-scope";

const eventSchema = z.object({
  /** The item's model window (GenerateQueries opened it); absent, the step's deadline alone bounds it. */
  modelWindowEndsAt: z.number().optional(),
  item: coordinatorCartLineSchema,
  ranked: rankStepOutputSchema,
  /** The household's rules, for the substitution agent's shared prompt (absent in runs started before). */
  rules: itemRulesSchema.optional(),
});

/**
 * Map item, step 5: the seed's ReasonGenerator (`explain_substitutes`): short pt-PT reasons for the ranked
 * candidates; the ranking's own reasons stay where the model fails. Answers the ranking with its reasons,
 * the step's source and the item's LLM usage so far.
 */
export const handler = async (event: unknown, context: Context) => {
  const { item, ranked, rules, modelWindowEndsAt } = parseOrThrow(
    eventSchema,
    event,
    "GenerateReasons event",
  );
  return withStepScope(
    context,
    { name: "GenerateReasons", windowEndsAt: modelWindowEndsAt },
    async ({ llm, runUsage }) => {
      const explained = await explainSubstitutesForItem(
        { llm, logger: stepLogger },
        { item, ranked, ...(rules ? { rules } : {}) },
      );
      return { ...explained, usage: addUsage(ranked.usage, runUsage()) };
    },
  );
};
