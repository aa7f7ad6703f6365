import type { Context } from "aws-lambda";
import { z } from "zod";
import { parseOrThrow } from "../../core/validation";
import { explainSubstitutes } from "../domain/reason-generator";
import { rankStepOutputSchema } from "../domain/run-step-events";
import { addUsage } from "../domain/shop-run";
import { coordinatorCartLineSchema } from "../domain/store-shapes";
import { originalItemFromCartLine } from "../domain/substitution-worker";
import { stepLlm } from "../wiring/step-llm";
import { stepLogger } from "../wiring/step-logger";

const eventSchema = z.object({
  /** The item's model window (GenerateQueries opened it); absent, the step's deadline alone bounds it. */
  modelWindowEndsAt: z.number().optional(),
  item: coordinatorCartLineSchema,
  ranked: rankStepOutputSchema,
});

/**
 * Map item, step 5: the seed's ReasonGenerator (`explain_substitutes`): short pt-PT reasons for the ranked
 * candidates; the ranking's own reasons stay where the model fails. Answers the ranking with its reasons,
 * the step's source and the item's LLM usage so far.
 */
export const handler = async (event: unknown, context: Context) => {
  const { item, ranked, modelWindowEndsAt } = parseOrThrow(eventSchema, event, "GenerateReasons event");
  const { llm, usage } = stepLlm(context, modelWindowEndsAt);
  const explained = await explainSubstitutes(
    { llm, logger: stepLogger },
    { original: originalItemFromCartLine(item), candidates: ranked.candidates },
  );
  return {
    ...ranked,
    candidates: explained.candidates,
    reasonsSource: explained.source,
    usage: addUsage(ranked.usage, usage()),
  };
};
