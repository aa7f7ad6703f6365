import type { Context } from "aws-lambda";
import { parseOrThrow } from "../../core/validation";
import { itemEventSchema } from "../domain/runs/run-step-events";
import { generateQueriesForItem } from "../domain/use-cases/generate-item-queries";
import { stepLogger } from "../wiring/step-logger";
import { ITEM_MODEL_WINDOW_MS, withStepScope } from "../wiring/step-scope";

/** Map item, step 1: the seed's QueryGenerator (`generate_search_query`), heuristic when the model fails. */
export const handler = async (event: unknown, context: Context) => {
  const { tenant, item, rules } = parseOrThrow(itemEventSchema, event, "GenerateQueries event");
  // The item's model window opens here; RankCandidates and GenerateReasons receive its end.
  const modelWindowEndsAt = Date.now() + ITEM_MODEL_WINDOW_MS;
  return withStepScope(
    context,
    { name: "GenerateQueries", tenant, windowEndsAt: modelWindowEndsAt },
    async ({ llm, runUsage }) => {
      const { queries, source } = await generateQueriesForItem({ llm, logger: stepLogger }, { item, rules });
      return { queries, source, usage: runUsage(), modelWindowEndsAt };
    },
  );
};
