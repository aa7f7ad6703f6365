import type { StoreToolsPort } from "../domain/ports/store-tools-port";
import type { StoreConfig } from "../store/store-config";

/** Kept back from the Lambda's remaining time so a slow store ends in a typed error, not a timeout. */
export const STORE_DEADLINE_MARGIN_MS = 3_000;

/** A household's store session, closed by whoever opened it. */
export type HouseholdStore = StoreToolsPort & { close(): Promise<void> };

/**
 * The one place a household's store session is built (the workflow's steps and ShopApi's decisions): a
 * fresh browser context in the container's browser, bounded by `deadline` (epoch ms) so a slow store ends
 * in StoreDeadlineExceededError before the Lambda's timeout. The household is the caller's, never another's.
 */
export const openHouseholdStore = async (
  config: StoreConfig,
  householdId: string,
  deadline: number | undefined,
): Promise<HouseholdStore> => {
  // Loaded on first use (playwright-core and the store's page code): an event refused by validation, or a
  // request that never drives the store, never pays for them.
  const [{ containerStoreBrowser }, { createStoreTools }, { storeToolsPortOver }] = await Promise.all([
    import("../store/playwright-store-browser"),
    import("../store/store-tools"),
    import("../adapters/store-tools-adapter"),
  ]);
  const tools = createStoreTools({
    browser: containerStoreBrowser({ storeUrl: config.storeUrl, timeoutMs: config.timeoutMs }),
    storeUrl: config.storeUrl,
    householdId,
    ...(deadline === undefined ? {} : { deadline }),
  });
  return { ...storeToolsPortOver(tools), close: () => tools.close() };
};
