import { lazyPort } from "../../../core/lazy";
import type { StoreBrowser } from "./browser/store-browser";
import type { StoreConfig } from "./store-config";
import { STORE_DEADLINE_MARGIN_MS } from "./store-deadline-margin";
import type { StoreAccountAccess } from "./store-sign-in";
import { createStoreTools, type StoreTools } from "./store-tools";

export { STORE_DEADLINE_MARGIN_MS };

export interface StoreToolsForHouseholdOptions {
  householdId: string;
  /**
   * Epoch ms by which every call must be over, always given so no call can outrun its Lambda: its
   * remaining time less STORE_DEADLINE_MARGIN_MS (storeDeadlineAt, store-deadline-margin.ts).
   */
  deadline: number;
  /** STORE_URL / STORE_TIMEOUT_MS, read once by the caller's wiring (functions/shop/wiring/shop-config.ts). */
  config: StoreConfig;
  /** By default the container's one Chromium, loaded on the first call (playwright-core stays out of init). */
  browser?: StoreBrowser;
  /** The household's store account (its tenant's vault), read by the tools themselves. */
  account?: StoreAccountAccess;
}

/** The container's browser, its module (and playwright-core) loaded on the first session. */
const lazyContainerBrowser = (config: StoreConfig): StoreBrowser =>
  lazyPort(
    async () =>
      (await import("./browser/playwright-store-browser")).containerStoreBrowser({
        storeUrl: config.storeUrl,
        timeoutMs: config.timeoutMs,
      }),
    ["openSession", "close"],
  );

/**
 * The one way Lambda code builds the store tools for a household: the configured store, the container's
 * browser, and a deadline every wait is cut at. Close the tools after (or use withHouseholdStoreTools).
 */
export const storeToolsForHousehold = (options: StoreToolsForHouseholdOptions): StoreTools => {
  const { config } = options;
  return createStoreTools({
    browser: options.browser ?? lazyContainerBrowser(config),
    storeUrl: config.storeUrl,
    householdId: options.householdId,
    deadline: options.deadline,
    ...(options.account ? { account: options.account } : {}),
  });
};

/**
 * Runs `work` on the household's store tools and closes its session (its browser context) after, whatever
 * happens; a failed close never replaces the work's own outcome.
 */
export const withHouseholdStoreTools = async <T>(
  options: StoreToolsForHouseholdOptions,
  work: (tools: StoreTools) => Promise<T>,
): Promise<T> => {
  const tools = storeToolsForHousehold(options);
  try {
    return await work(tools);
  } finally {
    await tools.close().catch(() => undefined);
  }
};
