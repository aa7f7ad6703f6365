/** Auchan.pt (Salesforce Commerce Cloud) paths; the simulated store serves the same ones. */
export const STORE_PATHS = {
  search: "/pt/pesquisa",
  cart: "/pt/carrinho-compras",
  orderHistory: "/pt/historico-encomendas",
  orderDetail: "/pt/detalhes-encomenda",
  controllers: "/on/demandware.store/Sites-AuchanPT-Site/pt_PT/",
} as const;

/** Sorts the tools offer, mapped to the site's `srule` values (relevance is the site's default). */
export const SEARCH_SORT_RULES = {
  relevance: undefined,
  "unit-price": "price-and-capacity-ascending-000",
  "price-low-to-high": "price-low-to-high",
  "price-high-to-low": "price-high-to-low",
} as const;
export type SearchSort = keyof typeof SEARCH_SORT_RULES;
export const SEARCH_SORTS = Object.keys(SEARCH_SORT_RULES) as [SearchSort, ...SearchSort[]];

export interface SearchPageRequest {
  query: string;
  start: number;
  pageSize: number;
  sort: SearchSort;
  /** Brand facet value as the site spells it (upper case, `AUCHAN`). */
  brand?: string;
}

export const searchPageUrl = (storeUrl: URL, request: SearchPageRequest): string => {
  const url = new URL(STORE_PATHS.search, storeUrl);
  url.searchParams.set("q", request.query);
  const rule = SEARCH_SORT_RULES[request.sort];
  if (rule) url.searchParams.set("srule", rule);
  if (request.brand) {
    url.searchParams.set("prefn1", "brand");
    url.searchParams.set("prefv1", request.brand);
  }
  url.searchParams.set("start", String(request.start));
  url.searchParams.set("sz", String(request.pageSize));
  return url.href;
};

export const cartPageUrl = (storeUrl: URL): string => new URL(STORE_PATHS.cart, storeUrl).href;

export const orderHistoryPageUrl = (storeUrl: URL): string =>
  new URL(STORE_PATHS.orderHistory, storeUrl).href;

/** One order's detail page: the `orderID` is the uuid of the history card's link, not the order number. */
export const orderDetailPageUrl = (storeUrl: URL, orderId: string): string => {
  const url = new URL(STORE_PATHS.orderDetail, storeUrl);
  url.searchParams.set("orderID", orderId);
  return url.href;
};

/**
 * The delivery booking page ("Escolher Horário Entrega"), by its controller `Delivery-BookDelivery` (the
 * page's own `.page[data-action]`): its public path is not known from the saved pages. Opening it books
 * nothing; a slot click (Delivery-BookSlot) and "Confirmar" would, and the tools never do either.
 */
export const bookDeliveryPageUrl = (storeUrl: URL): string =>
  new URL(`${STORE_PATHS.controllers}Delivery-BookDelivery`, storeUrl).href;

/**
 * The paths a product page is served at: its own, ending in `/{pid}.html`
 * (`/pt/{dept}/.../{slug}/{pid}.html`), or SFCC's Product-Show controller, which may render the page
 * without redirecting. Search results, listings, the cart or the home page have other paths.
 */
export const PRODUCT_PAGE_PATHS = /\/(?:[A-Za-z0-9_-]{1,40}\.html|Product-Show)$/;

/** Whether `url` (absolute, or relative to the store) is a product page: its own path, or Product-Show?pid=. */
export const isProductUrl = (url: string): boolean => {
  let parsed: URL;
  try {
    parsed = new URL(url, "http://store.invalid");
  } catch {
    return false;
  }
  if (!PRODUCT_PAGE_PATHS.test(parsed.pathname)) return false;
  return parsed.pathname.endsWith(".html") || Boolean(parsed.searchParams.get("pid"));
};

/** SFCC's Product-Show redirects a bare product id to its canonical category URL. */
export const productShowUrl = (storeUrl: URL, productId: string): string => {
  const url = new URL(`${STORE_PATHS.controllers}Product-Show`, storeUrl);
  url.searchParams.set("pid", productId);
  return url.href;
};

/**
 * The category path a product URL encodes: `/pt/{dept}/{cat}/{subcat}/{type}/{slug}/{pid}.html` gives
 * `[dept, cat, subcat, type]`. Used when the page has no machine-readable category.
 */
export const categoryPathFromProductUrl = (productUrl: string): string[] => {
  let segments: string[];
  try {
    segments = new URL(productUrl).pathname.split("/").filter(Boolean);
  } catch {
    return [];
  }
  if (segments[0] === "pt") segments = segments.slice(1);
  return segments.length >= 3 ? segments.slice(0, -2) : [];
};
