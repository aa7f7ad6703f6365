/**
 * Page layouts the store can serve. `changed` simulates a site redesign: the classes and data
 * attributes the selector registry relies on are renamed, so tests can prove the tools raise a typed
 * error naming the selector and URL instead of returning an empty list.
 */
export const STORE_LAYOUTS = ["current", "changed"] as const;
export type StoreLayout = (typeof STORE_LAYOUTS)[number];

const REDESIGN_RENAMES: [RegExp, string][] = [
  [/product-tile/g, "product-card"],
  [/data-pid=/g, "data-product-id="],
  [/data-gtm/g, "data-analytics"],
  [/auc-cart__product-card/g, "auc-basket__item"],
  [/auc-cart--empty/g, "auc-basket--empty"],
  [/auc-orders/g, "auc-purchases"],
  [/auc-book-slot__slot/g, "auc-delivery-window"],
  [/data-action=/g, "data-controller="],
];

export const applyLayout = (layout: StoreLayout, markup: string): string =>
  layout === "current"
    ? markup
    : REDESIGN_RENAMES.reduce((text, [pattern, to]) => text.replace(pattern, to), markup);
