import type { Context } from "aws-lambda";
import { z } from "zod";
import { parseConfig } from "../../core/config";
import { TableConfigSchema } from "../../core/db/table-config";
import { NotFoundError } from "../../core/errors";
import { parseOrThrow } from "../../core/validation";
import { type CartAddition, type PlanIngredientNotAdded, planCartAdditions } from "../domain/cart-builder";
import type { PlanIngredient } from "../domain/ports/plan-shopping-list-port";
import { runKeysSchema } from "../domain/run-step-events";
import { stepLogger } from "../wiring/step-logger";
import { withHouseholdStore } from "../wiring/step-store";

// Checked at cold start (the table itself opens only for a run with a plan): a missing TABLE_NAME fails here.
parseConfig(TableConfigSchema);

const eventSchema = runKeysSchema.extend({ planSnapshotId: z.string().nullable().optional() });

/** The plan's shopping list (the cook area's use case, on the tenant's data); loaded only for a plan run. */
const planIngredients = async (tenant: string, snapshotId: string): Promise<PlanIngredient[]> => {
  const { planShoppingListFor } = await import("../wiring/step-plan-shopping-list");
  const ingredients = await planShoppingListFor(tenant).shoppingList(snapshotId);
  if (ingredients === null) {
    throw new NotFoundError(`No meal plan snapshot ${snapshotId}`, {
      code: "plan_snapshot_not_found",
      details: { plan_snapshot_id: snapshotId },
    });
  }
  return ingredients;
};

/**
 * BuildCart (the seed's CartBuilder): merges the household's recurring past-order items and, for a run
 * with a meal plan, the plan's shopping list into its cart, and says why each line was added. A line the
 * store refuses (unavailable now) is logged and skipped; a plan ingredient not added says why.
 */
export const handler = async (
  event: unknown,
  context: Context,
): Promise<{ cartAdditions: CartAddition[]; planNotAdded?: PlanIngredientNotAdded[] }> => {
  const { tenant, householdId, runId, planSnapshotId } = parseOrThrow(eventSchema, event, "BuildCart event");
  // Read before the store session opens: a plan that vanished since the run started fails the run at once.
  const ingredients = planSnapshotId ? await planIngredients(tenant, planSnapshotId) : undefined;
  return withHouseholdStore(householdId, context, async (store) => {
    const [orders, cart] = [await store.listOrders(), await store.scanCart()];
    const added: CartAddition[] = [];
    for (const addition of planCartAdditions(cart, orders)) {
      try {
        await store.addToCart(addition.productId, addition.quantity);
        added.push(addition);
      } catch (error) {
        stepLogger.warn("recurring item not added", {
          runId,
          productId: addition.productId,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    if (ingredients === undefined) return { cartAdditions: added };
    const { mergePlanIngredients } = await import("../domain/plan-cart-merge");
    const plan = await mergePlanIngredients(store, { ingredients, cart, alreadyAdded: added });
    stepLogger.info("plan merged", {
      runId,
      planSnapshotId,
      added: plan.added.length,
      notAdded: plan.notAdded.length,
    });
    return { cartAdditions: [...added, ...plan.added], planNotAdded: plan.notAdded };
  });
};
