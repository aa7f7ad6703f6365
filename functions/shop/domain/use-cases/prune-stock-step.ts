import type { LlmPort } from "../../../core/llm/llm-port";
import type { LoggerPort } from "../../../core/logger-port";
import type { ShopRunRepository } from "../ports/shop-run-repository";
import { type PruneOutcome, pruneStock } from "../pruning/stock-pruner";

/**
 * PruneStock: the StockPruner (model reviewing the purchase-cadence rule; the rule alone offline), on the
 * cart ScanCart read and the orders BuildCart read, kept with the run: the store is not read again.
 */
export const pruneStockStep = async (
  deps: { runs: Pick<ShopRunRepository, "getRunContext">; llm: LlmPort; logger: LoggerPort; now: () => Date },
  args: { runId: string },
): Promise<PruneOutcome> => {
  const { cart = [], orders = [] } = await deps.runs.getRunContext(args.runId);
  const today = deps.now().toISOString().slice(0, 10);
  return pruneStock({ llm: deps.llm, logger: deps.logger }, { cart, orders, today });
};
