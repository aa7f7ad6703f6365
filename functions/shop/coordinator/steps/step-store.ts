import type { Context } from "aws-lambda";
import { deadlineFromRemainingTime } from "../../../core/agent/deadline";
import { storeConfig } from "../../store/store-config";
import { createStoreTools } from "../../store/store-tools";
import { storeToolsPortOver } from "../adapters/store-tools-adapter";
import type { StoreToolsPort } from "../domain/store-tools-port";

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
  // Loaded on first use: an event refused by validation never pays for playwright-core.
  const { containerStoreBrowser } = await import("../../store/playwright-store-browser");
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
