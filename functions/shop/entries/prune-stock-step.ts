import type { Context } from "aws-lambda";
import { parseOrThrow } from "../../core/validation";
import { runKeysSchema } from "../domain/run-step-events";
import { pruneStock } from "../domain/stock-pruner";
import { stepLlm } from "../wiring/step-llm";
import { stepLogger } from "../wiring/step-logger";
import { withHouseholdStore } from "../wiring/step-store";

/** PruneStock: the StockPruner (model reviewing the purchase-cadence rule; the rule alone offline). */
export const handler = async (event: unknown, context: Context) => {
  const { householdId } = parseOrThrow(runKeysSchema, event, "PruneStock event");
  const { cart, orders } = await withHouseholdStore(householdId, context, async (store) => ({
    cart: await store.scanCart(),
    orders: await store.listOrders(),
  }));
  const { llm, usage } = stepLlm();
  const today = new Date().toISOString().slice(0, 10);
  const outcome = await pruneStock({ llm, logger: stepLogger }, { cart, orders, today });
  return { value: outcome.proposals, source: outcome.source, usage: usage() };
};
