import type { Context } from "aws-lambda";
import { parseOrThrow } from "../../core/validation";
import { runKeysSchema } from "../domain/run-step-events";
import { pruneStockForRun } from "../domain/use-cases/prune-stock";
import { stepLlm } from "../wiring/step-llm";
import { stepLogger } from "../wiring/step-logger";
import { withHouseholdStore } from "../wiring/step-store";

/** PruneStock: the StockPruner (model reviewing the purchase-cadence rule; the rule alone offline). */
export const handler = async (event: unknown, context: Context) => {
  const { householdId } = parseOrThrow(runKeysSchema, event, "PruneStock event");
  const { llm, usage } = stepLlm();
  const outcome = await pruneStockForRun({
    withStore: (work) => withHouseholdStore(householdId, context, work),
    llm,
    logger: stepLogger,
    now: () => new Date(),
  });
  return { value: outcome.proposals, source: outcome.source, usage: usage() };
};
