import { parseOrThrow } from "../../../core/validation";
import { householdSessionCookie } from "./browser/household-session-cookie";
import type { StoreBrowser, StoreCookie, StoreSession } from "./browser/store-browser";
import { auchanPtSelectorRegistry, type SelectorRegistry } from "./selectors/selector-registry";
import {
  accountBeforeSignIn,
  type StoreAccountAccess,
  savedSessionCookies,
  signInIfNeeded,
} from "./store-sign-in";
import {
  type AddToCartInput,
  type AddToCartResult,
  addToCart,
  addToCartInputSchema,
} from "./tools/add-to-cart";
import {
  type ExtractProductInfoInput,
  type ExtractProductInfoResult,
  extractProductInfo,
  extractProductInfoInputSchema,
} from "./tools/extract-product-info";
import {
  type GetOrderDetailInput,
  type GetOrderDetailResult,
  getOrderDetail,
  getOrderDetailInputSchema,
} from "./tools/get-order-detail";
import { type ListDeliverySlotsResult, listDeliverySlots } from "./tools/list-delivery-slots";
import {
  type ListPastOrdersInput,
  type ListPastOrdersResult,
  listPastOrders,
  listPastOrdersInputSchema,
} from "./tools/list-past-orders";
import {
  type RemoveFromCartInput,
  type RemoveFromCartResult,
  removeFromCart,
  removeFromCartInputSchema,
} from "./tools/remove-from-cart";
import { type ScanCartResult, scanCart } from "./tools/scan-cart";
import {
  type SearchProductsInput,
  type SearchProductsResult,
  searchProducts,
  searchProductsInputSchema,
} from "./tools/search-products";
import type { StoreToolContext } from "./tools/store-tool-context";

/**
 * The store tools for one household, as domain code sees them (the grocery coordinator, its workers).
 * Tests of that code fake this interface; the tools themselves are tested against StoreBrowser fakes
 * and, in integration, real Chromium on the simulated store.
 */
export interface StoreTools {
  scanCart(): Promise<ScanCartResult>;
  searchProducts(input: SearchProductsInput): Promise<SearchProductsResult>;
  extractProductInfo(input: ExtractProductInfoInput): Promise<ExtractProductInfoResult>;
  /** The order history; the lines of the `linesForRecentOrders` most recent orders (default 3). */
  listPastOrders(input?: ListPastOrdersInput): Promise<ListPastOrdersResult>;
  /** One order's detail page: what was bought, line by line. */
  getOrderDetail(input: GetOrderDetailInput): Promise<GetOrderDetailResult>;
  listDeliverySlots(): Promise<ListDeliverySlotsResult>;
  addToCart(input: AddToCartInput): Promise<AddToCartResult>;
  removeFromCart(input: RemoveFromCartInput): Promise<RemoveFromCartResult>;
  /** Closes the household's browsing session (its browser context); the browser stays up. */
  close(): Promise<void>;
}

export interface CreateStoreToolsOptions {
  browser: StoreBrowser;
  storeUrl: URL;
  householdId: string;
  /** Extra cookies for the session (a real site's login); the household cookie is always set. */
  cookies?: StoreCookie[];
  registry?: SelectorRegistry;
  /**
   * Epoch ms by which every call must be over (a Lambda's remaining time less a margin): waits are cut
   * short there and fail with StoreDeadlineExceededError. Absent, only the store timeout bounds them.
   */
  deadline?: number;
  /**
   * The household's own store account: its saved session's cookies are sent, and the tools that read the
   * household's cart, orders or slots (or change the cart) sign in first when the store's header shows
   * no account. Absent, the tools go on as the household cookie alone allows (the simulated store).
   */
  account?: StoreAccountAccess;
}

/**
 * Binds the tools to one household. The session (a fresh browser context) opens on first use and is
 * reused by the household's later calls until `close()`; calls run one at a time on it.
 */
export const createStoreTools = (options: CreateStoreToolsOptions): StoreTools => {
  const cookies = [householdSessionCookie(options.storeUrl, options.householdId), ...(options.cookies ?? [])];
  const registry = options.registry ?? auchanPtSelectorRegistry();
  const { account } = options;
  let session: Promise<StoreSession> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  /** The one sign-in check of this session (its failure is every later call's too: no second attempt). */
  let signedIn: Promise<unknown> | undefined;

  const open = async (): Promise<StoreSession> =>
    options.browser.openSession({
      cookies: account ? [...cookies, ...(await savedSessionCookies(account))] : cookies,
      deadline: options.deadline,
    });

  const run = <T>(
    tool: (context: StoreToolContext) => Promise<T>,
    needs: "household" | "anyone" = "anyone",
  ): Promise<T> => {
    const next = queue.then(async () => {
      // No account on a store that needs one ends here, before the browser opens.
      const record =
        account && needs === "household" ? await accountBeforeSignIn(account, options.storeUrl) : undefined;
      session ??= open().catch((error: unknown) => {
        session = undefined; // a failed start (browser launch) is retried by the next call
        throw error;
      });
      const opened = await session;
      if (account && record) {
        signedIn ??= signInIfNeeded(opened, account, options.storeUrl);
        await signedIn;
      }
      return tool({ session: opened, storeUrl: options.storeUrl, registry });
    });
    queue = next.catch(() => undefined);
    return next;
  };

  // Inputs are checked before run(): a bad call must not start a browser.
  return {
    scanCart: () => run(scanCart, "household"),
    searchProducts: async (input) => {
      const request = parseOrThrow(searchProductsInputSchema, input, "searchProducts input");
      return run((context) => searchProducts(context, request));
    },
    extractProductInfo: async (input) => {
      const request = parseOrThrow(extractProductInfoInputSchema, input, "extractProductInfo input");
      return run((context) => extractProductInfo(context, request));
    },
    listPastOrders: async (input = {}) => {
      const request = parseOrThrow(listPastOrdersInputSchema, input, "listPastOrders input");
      return run((context) => listPastOrders(context, request), "household");
    },
    getOrderDetail: async (input) => {
      const request = parseOrThrow(getOrderDetailInputSchema, input, "getOrderDetail input");
      return run((context) => getOrderDetail(context, request), "household");
    },
    listDeliverySlots: () => run(listDeliverySlots, "household"),
    addToCart: async (input) => {
      const request = parseOrThrow(addToCartInputSchema, input, "addToCart input");
      return run((context) => addToCart(context, request), "household");
    },
    removeFromCart: async (input) => {
      const request = parseOrThrow(removeFromCartInputSchema, input, "removeFromCart input");
      return run((context) => removeFromCart(context, request), "household");
    },
    close: async () => {
      const opened = session;
      session = undefined;
      await queue;
      if (opened) await (await opened).close();
    },
  };
};
