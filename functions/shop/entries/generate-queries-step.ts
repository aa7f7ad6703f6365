import type { Context } from "aws-lambda";
import { parseOrThrow } from "../../core/validation";
import { brandTiersFor, DEFAULT_STORE_ID } from "../domain/brand-tiers";
import { itemEventSchema } from "../domain/run-step-events";
import { generateItemQueries, originalItemFromCartLine } from "../domain/substitution-worker";
import { ITEM_MODEL_WINDOW_MS, stepLlm } from "../wiring/step-llm";
import { stepLogger } from "../wiring/step-logger";

/** Map item, step 1: the seed's QueryGenerator (`generate_search_query`), heuristic when the model fails. */
export const handler = async (event: unknown, context: Context) => {
  const { item } = parseOrThrow(itemEventSchema, event, "GenerateQueries event");
  // The item's model window opens here; RankCandidates and GenerateReasons receive its end.
  const modelWindowEndsAt = Date.now() + ITEM_MODEL_WINDOW_MS;
  const { llm, usage } = stepLlm(context, modelWindowEndsAt);
  const { queries, source } = await generateItemQueries(
    { llm, logger: stepLogger, tiers: brandTiersFor(DEFAULT_STORE_ID) },
    originalItemFromCartLine(item),
  );
  return { queries, source, usage: usage(), modelWindowEndsAt };
};
