import { isLarderError } from "../../../core/errors";
import type { StorePort } from "../ports/store-port";
import type { Decision } from "./decision";
import type { Planned } from "./decision-claim";
import { STORE_ACCOUNT_CODES } from "./run-error-codes";
import type { DecisionFailureCode } from "./shop-run";

export interface DecisionOutcome {
  decision: Decision;
  outcome: "applied" | "recorded" | "failed";
  changes: Array<{ change: "added" | "removed"; productId: string; quantity?: number; reason?: string }>;
  error?: string;
  /** Set when this decision repeats one already made on the run: nothing was changed again (`changes: []`). */
  alreadyDecidedAt?: string;
  /**
   * Why it failed: `original_not_in_cart` (nothing was done), `store_failed` (see `undone`), or the store
   * account's code when the sign-in stopped it before the cart (`store_sign_in_failed`, …).
   */
  code?: DecisionFailureCode;
  /** What to do about it, where it applies (connect the account again). */
  fix?: string;
  /** For a failed decision: true when the cart is as it was (nothing done, or what was done was undone). */
  undone?: boolean;
}

/** A store change this request claimed: its plan, its index in the request, and whether it resumes one. */
export interface ClaimedChange {
  plan: Extract<Planned, { kind: "substitute" | "prune" }>;
  index: number;
  resumed: boolean;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The store account's own code and fix when its sign-in stopped the work, else `store_failed`. */
export const failureCodeOf = (error: unknown): { code: DecisionFailureCode; fix?: string } =>
  isLarderError(error) && STORE_ACCOUNT_CODES.has(error.code)
    ? { code: error.code as DecisionFailureCode, ...(error.fix ? { fix: error.fix } : {}) }
    : { code: "store_failed" };

/**
 * Applies the claimed store changes, one at a time, on one store session (opened only when there is one),
 * against the cart as it is now, read before anything changes: another run's decision, or the household,
 * may have changed it since the run read it. Writes each change's outcome at its index of `results`; a
 * store failure stops nothing else. No session, or a cart that could not be read: every claimed change
 * failed, with why, before anything changed (the next identical decision applies it).
 */
export const applyClaimedChanges = async (
  openStore: () => Promise<StorePort & { close(): Promise<void> }>,
  claimed: readonly ClaimedChange[],
  results: DecisionOutcome[],
): Promise<void> => {
  let store: (StorePort & { close(): Promise<void> }) | undefined;
  try {
    store = claimed.length > 0 ? await openStore() : undefined;
    const cart = store ? await store.scanCart() : [];
    const quantities = new Map<string, number>();
    for (const line of cart)
      quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
    const cartQuantity = (productId: string) => quantities.get(productId) ?? 0;
    for (const { plan, index, resumed } of claimed) {
      if (!store) continue;
      results[index] = await applyOne(store, plan, { resumed, cartQuantity });
      if (results[index]?.outcome === "applied") {
        for (const change of results[index]?.changes ?? []) {
          quantities.set(
            change.productId,
            change.change === "removed" ? 0 : cartQuantity(change.productId) + (change.quantity ?? 0),
          );
        }
      }
    }
  } catch (error) {
    for (const { plan, index } of claimed) {
      if (results[index]?.outcome === "recorded") {
        results[index] = {
          decision: plan.decision,
          outcome: "failed",
          changes: [],
          error: messageOf(error),
          ...failureCodeOf(error),
          undone: true,
        };
      }
    }
  } finally {
    await store?.close();
  }
};

/**
 * One claimed store change, all or nothing, against the cart as read before it: the original must still
 * be in the cart (else nothing is added: `original_not_in_cart`); a substitution adds the substitute and
 * removes the original, and when the removal fails the addition is undone (the substitute's line back to
 * what it held). A resumed claim (an earlier attempt that died, or whose undo failed) does not repeat what
 * the cart shows done.
 */
export const applyOne = async (
  store: StorePort,
  plan: Extract<Planned, { kind: "substitute" | "prune" }>,
  context: { resumed: boolean; cartQuantity: (productId: string) => number },
): Promise<DecisionOutcome> => {
  const { resumed, cartQuantity } = context;
  const originalId = plan.kind === "substitute" ? plan.originalId : plan.productId;
  const changes: DecisionOutcome["changes"] = [];
  const failed = (
    error: string,
    failure: { code: DecisionFailureCode; fix?: string },
    undone: boolean,
  ): DecisionOutcome => ({
    decision: plan.decision,
    outcome: "failed",
    changes: undone ? [] : changes,
    error,
    ...failure,
    undone,
  });
  if (cartQuantity(originalId) === 0) {
    // An earlier attempt of this very decision finished its change before it died: nothing left to do.
    if (resumed && (plan.kind === "prune" || cartQuantity(plan.substituteId) >= plan.quantity)) {
      return { decision: plan.decision, outcome: "applied", changes: [] };
    }
    return failed(
      `Product ${originalId} is no longer in the cart: nothing was changed`,
      { code: "original_not_in_cart" },
      true,
    );
  }
  if (plan.kind === "prune") {
    try {
      await store.removeFromCart(plan.productId);
    } catch (error) {
      return failed(messageOf(error), failureCodeOf(error), true);
    }
    return {
      decision: plan.decision,
      outcome: "applied",
      changes: [{ change: "removed", productId: plan.productId }],
    };
  }
  const before = cartQuantity(plan.substituteId);
  const add = !(resumed && before >= plan.quantity);
  try {
    if (add) {
      await store.addToCart(plan.substituteId, plan.quantity);
      changes.push({
        change: "added",
        productId: plan.substituteId,
        quantity: plan.quantity,
        reason: plan.reason,
      });
    }
  } catch (error) {
    // The addition may have reached the cart before the store failed to answer: the line goes back.
    return failed(messageOf(error), failureCodeOf(error), await restore(store, plan.substituteId, before));
  }
  try {
    await store.removeFromCart(plan.originalId);
    changes.push({ change: "removed", productId: plan.originalId });
  } catch (error) {
    const undone = add ? await restore(store, plan.substituteId, before) : false;
    return failed(messageOf(error), failureCodeOf(error), undone);
  }
  return { decision: plan.decision, outcome: "applied", changes };
};

/** Puts a product's cart line back to `quantity` (0: no line); false when the store refused. */
const restore = async (store: StorePort, productId: string, quantity: number): Promise<boolean> => {
  try {
    await store.removeFromCart(productId);
    if (quantity > 0) await store.addToCart(productId, quantity);
    return true;
  } catch {
    return false;
  }
};
