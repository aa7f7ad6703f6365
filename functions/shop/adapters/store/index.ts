/**
 * The store adapter as the rest of the code uses it: the store tools for a household (their port and their
 * results), the store's configuration, errors, URLs and selector registry. Nothing here loads
 * playwright-core, so Lambda code may import it statically; the Playwright side (Chromium, the browser
 * adapter) is `./playwright`, for scripts, benches and tests.
 */
export {
  HOUSEHOLD_COOKIE_NAME,
  householdIdSchema,
  householdSessionCookie,
} from "./browser/household-session-cookie";
export type {
  ReadPageOptions,
  StoreBrowser,
  StoreCookie,
  StoreFormRequest,
  StoreFormResponse,
  StoreSession,
  StoreSessionOptions,
} from "./browser/store-browser";
export type { PageSpec, RawList, RawPage, RawRecord, RawValue } from "./extraction/page-extraction";
export {
  extractedPageSchema,
  htmlExtractionExpression,
  inPageExtractionExpression,
} from "./extraction/page-extraction";
export { describeSource } from "./extraction/raw-record-reader";
export {
  auchanPtSelectorRegistry,
  buildSelectorRegistry,
  type SelectorRegistry,
  STORE_PAGES,
  type StorePageName,
} from "./selectors/selector-registry";
export {
  DEFAULT_STORE_PORT,
  DEFAULT_STORE_TIMEOUT_MS,
  readStoreConfig,
  type StoreConfig,
} from "./store-config";
export { STORE_DEADLINE_MARGIN_MS, storeDeadlineAt } from "./store-deadline-margin";
export * from "./store-errors";
export * from "./store-product";
export type { StoreAccountAccess } from "./store-sign-in";
export { type CreateStoreToolsOptions, createStoreTools, type StoreTools } from "./store-tools";
export {
  type StoreToolsForHouseholdOptions,
  storeToolsForHousehold,
  withHouseholdStoreTools,
} from "./store-tools-for-household";
export { SEARCH_SORTS, type SearchSort, STORE_PATHS } from "./store-urls";
export type { AddToCartInput, AddToCartResult } from "./tools/add-to-cart";
export type { ExtractProductInfoInput, ExtractProductInfoResult } from "./tools/extract-product-info";
export type { GetOrderDetailInput, GetOrderDetailResult } from "./tools/get-order-detail";
export type { ListDeliverySlotsResult } from "./tools/list-delivery-slots";
export type { ListPastOrdersInput, ListPastOrdersResult } from "./tools/list-past-orders";
export type { RemoveFromCartInput, RemoveFromCartResult } from "./tools/remove-from-cart";
export type { ScanCartResult } from "./tools/scan-cart";
export type { SearchProductsInput, SearchProductsResult } from "./tools/search-products";
