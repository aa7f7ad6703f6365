import type { LoggerPort } from "../../../core/logger-port";
import { type CartAddition, planCartAdditions } from "../plan-to-cart/cart-builder";
import { planSnapshotNotFound } from "../plan-to-cart/plan-snapshot-not-found";
import type { PlanShoppingListPort } from "../ports/plan-shopping-list-port";
import type { ShopRunRepository } from "../ports/shop-run-repository";
import type { StorePort } from "../ports/store-port";

export interface BuildCartDeps {
  runs: Pick<ShopRunRepository, "updateRunContext">;
  /** The cook area's shopping lists (loaded only for a run with a plan). */
  plans: () => Promise<Pick<PlanShoppingListPort, "shoppingList">>;
  /** Runs `work` on the household's store session and closes it after. */
  withStore: <T>(work: (store: StorePort) => Promise<T>) => Promise<T>;
  logger: LoggerPort;
  now: () => Date;
}

/** What BuildCart hands the workflow: counts only (the lines stay with the run, for SaveRun). */
export interface BuildCartOutcome {
  cartAdditions: number;
  planNotAdded?: number;
}

/**
 * BuildCart (the seed's CartBuilder): merges the household's recurring past-order items and, for a run
 * with a meal plan, the plan's shopping list into its cart, and says why each line was added. A line the
 * store refuses (unavailable now) is logged and skipped; a plan ingredient not added says why. The orders
 * it read and the lines it added are kept with the run (PruneStock and SaveRun read them there).
 */
export const buildCartStep = async (
  deps: BuildCartDeps,
  args: { runId: string; planSnapshotId?: string | null | undefined },
): Promise<BuildCartOutcome> => {
  const { runId, planSnapshotId } = args;
  // Read before the store session opens: a plan that vanished since the run started fails the run at once.
  const ingredients = planSnapshotId ? await (await deps.plans()).shoppingList(planSnapshotId) : undefined;
  if (planSnapshotId && ingredients === null) throw planSnapshotNotFound(planSnapshotId);
  const built = await deps.withStore(async (store) => {
    const [orders, cart] = [await store.listOrders(), await store.scanCart()];
    const added: CartAddition[] = [];
    for (const addition of planCartAdditions(cart, orders)) {
      try {
        await store.addToCart(addition.productId, addition.quantity);
        added.push(addition);
      } catch (error) {
        deps.logger.warn("recurring item not added", {
          runId,
          productId: addition.productId,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    if (!ingredients) return { orders, cartAdditions: added };
    const { mergePlanIngredients } = await import("../plan-to-cart/plan-cart-merge");
    // What the household will not get never covers a plan line: an unavailable cart line, or one the
    // run's PruneStock proposes removing (its purchase-cadence rule, on the same cart and orders).
    const { pruneStockByCadence } = await import("../pruning/stock-pruner");
    const pruned = pruneStockByCadence(cart, orders, deps.now().toISOString().slice(0, 10));
    const plan = await mergePlanIngredients(store, {
      ingredients,
      cart,
      alreadyAdded: added,
      toBePruned: new Map(pruned.map((p) => [p.productId, p.reason])),
    });
    deps.logger.info("plan merged", {
      runId,
      planSnapshotId,
      added: plan.added.length,
      notAdded: plan.notAdded.length,
    });
    return { orders, cartAdditions: [...added, ...plan.added], planNotAdded: plan.notAdded };
  });
  await deps.runs.updateRunContext(runId, built);
  return {
    cartAdditions: built.cartAdditions.length,
    ...(built.planNotAdded ? { planNotAdded: built.planNotAdded.length } : {}),
  };
};
