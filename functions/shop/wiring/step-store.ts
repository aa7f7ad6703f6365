import { storeDeadlineAt } from "../adapters/store/store-deadline-margin";
import { openHouseholdStore } from "./household-store";
import { shopConfig } from "./shop-config";
import type { ShopStoreSources } from "./shop-step-sources";

// Parsed at cold start: a Lambda without STORE_URL fails here, naming it.
shopConfig.store();

/**
 * A store step's sources. `withStore` runs `work` on the household's store session (signed in with its
 * tenant's store account when the tenant is given: the steps that read the cart, orders or slots), bounded
 * by the step's store deadline (storeDeadlineAt, the one computation), and closes the session after,
 * whatever happens.
 */
export const storeSources: ShopStoreSources = {
  withStore: async (household, context, work) => {
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
  },
};
