import { NotFoundError } from "../../../../core/errors";
import { assertAllowedStoreUrl } from "../browser/forbidden-store-actions";
import type { ReadPageOptions, StoreSession } from "../browser/store-browser";
import type { RawPage } from "../extraction/page-extraction";
import type { SelectorRegistry, StorePageName } from "../selectors/selector-registry";
import { StoreUnreachableError } from "../store-errors";

/** What every store tool works with: one household's session, the store, and the selectors. */
export interface StoreToolContext {
  session: StoreSession;
  storeUrl: URL;
  registry: SelectorRegistry;
}

/**
 * Opens a store page through the session after checking the URL stays on the store and names no
 * forbidden action. A 404 is NotFoundError; other 4xx answers mean the store refused us.
 */
export const readStorePage = async (
  context: StoreToolContext,
  page: StorePageName,
  url: string,
  options?: ReadPageOptions,
): Promise<RawPage> => {
  const allowed = assertAllowedStoreUrl(context.storeUrl, url);
  const raw = await context.session.readPage(allowed.href, context.registry[page], options);
  if (raw.status === 404)
    throw new NotFoundError(`Store page not found: ${allowed.href}`, { code: "store_page_not_found" });
  if (raw.status >= 400)
    throw new StoreUnreachableError(allowed.href, `the store answered HTTP ${raw.status}`);
  return raw;
};
