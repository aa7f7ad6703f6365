import type { Context } from "aws-lambda";
import { storeDeadlineAt } from "../adapters/store/store-deadline-margin";
import type { StoreToolsPort } from "../domain/ports/store-tools-port";
import { openHouseholdStore } from "./household-store";
import { shopConfig } from "./shop-config";

// Parsed at cold start: a Lambda without STORE_URL fails here, naming it.
shopConfig.store();

/**
 * Runs `work` on the household's store session (signed in with its tenant's store account when the tenant
 * is given: the steps that read the cart, orders or slots), bounded by the step's remaining time, and closes the
 * session after, whatever happens.
 */
export const withHouseholdStore = async <T>(
  household: { householdId: string; tenant?: string },
  context: Context,
  work: (store: StoreToolsPort) => Promise<T>,
): Promise<T> => {
  const store = await openHouseholdStore(
    shopConfig.store(),
    household.householdId,
    storeDeadlineAt(context),
    household.tenant,
  );
  try {
    return await work(store);
  } finally {
    await store.close().catch(() => undefined);
  }
};
