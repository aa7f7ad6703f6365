import { StoreActionForbiddenError } from "../store-errors";

/**
 * Endpoints automation must never reach: placing an order, paying, booking or confirming a delivery slot.
 * A person does those on the site; the coordinator only prepares the cart and proposes slots.
 */
export const FORBIDDEN_STORE_ACTION_PATTERNS: readonly RegExp[] = [
  /Delivery-BookSlot/i,
  /Delivery-ConfirmSlot/i,
  // The booking page's "Confirmar" (`.auc-js-confirm-shipments`) validates the chosen shipments.
  /Delivery-ValidShipments/i,
  // An order's detail page can cancel the order.
  /Order-Cancel/i,
  /Checkout/i,
  /PlaceOrder/i,
  /Order-Submit/i,
  /Payment/i,
  /\/pt\/(?:finalizar-compra|pagamento)/i,
];

export const isForbiddenStoreAction = (url: string): boolean =>
  FORBIDDEN_STORE_ACTION_PATTERNS.some((pattern) => pattern.test(url));

/**
 * Resolves `target` against the store and refuses it when it leaves the store's origin (URLs can come
 * from pages or from a model) or names a forbidden action.
 */
export const assertAllowedStoreUrl = (storeUrl: URL, target: string): URL => {
  let resolved: URL;
  try {
    resolved = new URL(target, storeUrl);
  } catch {
    throw new StoreActionForbiddenError(`Not a URL: ${target}`, target);
  }
  if (resolved.origin !== storeUrl.origin) {
    throw new StoreActionForbiddenError(
      `Refusing ${resolved.href}: outside the store at ${storeUrl.origin}`,
      resolved.href,
    );
  }
  if (isForbiddenStoreAction(resolved.pathname + resolved.search)) {
    throw new StoreActionForbiddenError(
      `Refusing ${resolved.pathname}: automation never checks out, pays or books a slot`,
      resolved.href,
    );
  }
  return resolved;
};
