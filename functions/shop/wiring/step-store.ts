import { shopConfig } from "./shop-config";
import type { ShopStoreSources } from "./shop-step-sources";
import { shopStoreSessions } from "./store-sessions";

// Parsed at cold start: a Lambda without STORE_URL fails here, naming it.
const sessions = shopStoreSessions(shopConfig.store());

/**
 * A store step's sources. `withStore` runs `work` on the household's store session (signed in with its
 * tenant's store account when the tenant is given: the steps that read the cart, orders or slots), bounded
 * by the step's store deadline (its Lambda's clock, through the StoreSessionOpener port), and closes the
 * session after, whatever happens.
 */
export const storeSources: ShopStoreSources = {
  withStore: async (household, context, work) => {
    const store = await sessions.forClock(context).open(household);
    try {
      return await work(store);
    } finally {
      await store.close().catch(() => undefined);
    }
  },
};
