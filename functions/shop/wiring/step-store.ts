import type { Context } from "aws-lambda";
import { deadlineFromRemainingTime } from "../../core/agent/deadline";
import { storeConfig } from "../store/store-config";
import type { StoreToolsPort } from "../domain/ports/store-tools-port";

// Parsed at cold start: a Lambda without STORE_URL fails here, naming it.
const config = storeConfig();

/** Kept back from the Lambda's remaining time so a slow store ends in a typed error, not a timeout. */
const STORE_DEADLINE_MARGIN_MS = 3_000;

/**
 * Runs `work` on the household's store session (a fresh browser context in the container's browser)
 * and closes the context after, whatever happens. The household is the run's, never another's.
 */
export const withHouseholdStore = async <T>(
  householdId: string,
  context: Context,
  work: (store: StoreToolsPort) => Promise<T>,
): Promise<T> => {
  // Loaded on first use (playwright-core and the store's page code): an event refused by validation, or a
  // step that fails on the table first, never pays for them.
  const [{ containerStoreBrowser }, { createStoreTools }, { storeToolsPortOver }] = await Promise.all([
    import("../store/playwright-store-browser"),
    import("../store/store-tools"),
    import("../adapters/store-tools-adapter"),
  ]);
  const tools = createStoreTools({
    browser: containerStoreBrowser({ storeUrl: config.storeUrl, timeoutMs: config.timeoutMs }),
    storeUrl: config.storeUrl,
    householdId,
    deadline: deadlineFromRemainingTime(context, STORE_DEADLINE_MARGIN_MS),
  });
  try {
    return await work(storeToolsPortOver(tools));
  } finally {
    await tools.close().catch(() => undefined);
  }
};
