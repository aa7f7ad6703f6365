import type { LlmPort } from "../../../core/llm/llm-port";
import type { LoggerPort } from "../../../core/logger-port";
import type { StoreToolsPort } from "../ports/store-tools-port";
import { type PruneOutcome, pruneStock } from "../stock-pruner";

/** PruneStock: the StockPruner (model reviewing the purchase-cadence rule; the rule alone offline). */
export const pruneStockForRun = async (deps: {
  withStore: <T>(work: (store: StoreToolsPort) => Promise<T>) => Promise<T>;
  llm: LlmPort;
  logger: LoggerPort;
  now: () => Date;
}): Promise<PruneOutcome> => {
  const { cart, orders } = await deps.withStore(async (store) => ({
    cart: await store.scanCart(),
    orders: await store.listOrders(),
  }));
  const today = deps.now().toISOString().slice(0, 10);
  return pruneStock({ llm: deps.llm, logger: deps.logger }, { cart, orders, today });
};
