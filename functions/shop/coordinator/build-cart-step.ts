import type { Context } from "aws-lambda";
import { parseOrThrow } from "../../core/validation";
import { type CartAddition, planCartAdditions } from "./domain/cart-builder";
import { runKeysSchema } from "./steps/step-events";
import { stepLogger } from "./steps/step-logger";
import { withHouseholdStore } from "./steps/step-store";

/**
 * BuildCart (the seed's CartBuilder): merges the household's recurring past-order items into its cart
 * and says why each line was added. A line the store refuses (unavailable now) is logged and skipped.
 */
export const handler = async (
  event: unknown,
  context: Context,
): Promise<{ cartAdditions: CartAddition[] }> => {
  const { householdId, runId } = parseOrThrow(runKeysSchema, event, "BuildCart event");
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
    return { cartAdditions: added };
  });
};
