import type { Context } from "aws-lambda";
import { deadlineFromRemainingTime } from "../../core/llm/model-deadline";
import { STORE_DEADLINE_MARGIN_MS } from "../adapters/store/store-deadline-margin";
import type { StoreToolsPort } from "../domain/ports/store-tools-port";
import { openHouseholdStore } from "./household-store";
import { shopConfig } from "./shop-config";

// Parsed at cold start: a Lambda without STORE_URL fails here, naming it.
shopConfig.store();

/**
 * Runs `work` on the household's store session, bounded by the step's remaining time, and closes the
 * session after, whatever happens.
 */
export const withHouseholdStore = async <T>(
  householdId: string,
  context: Context,
  work: (store: StoreToolsPort) => Promise<T>,
): Promise<T> => {
  const store = await openHouseholdStore(
    shopConfig.store(),
    householdId,
    deadlineFromRemainingTime(context, STORE_DEADLINE_MARGIN_MS),
  );
  try {
    return await work(store);
  } finally {
    await store.close().catch(() => undefined);
  }
};
