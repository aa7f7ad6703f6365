import { API_GATEWAY_TIMEOUT_MS } from "../../core/llm/model-deadline";
import type { StoreConfig } from "../adapters/store/store-config";
import type { StorePort } from "../domain/ports/store-port";

/** A household's store session, closed by whoever opened it. */
export type HouseholdStore = StorePort & { close(): Promise<void> };

/**
 * A household's store session as the shop domain's port, for the workflow's steps and ShopApi's decisions:
 * the store adapter's one factory (storeToolsForHousehold), always bounded by a deadline so a slow store
 * ends in StoreDeadlineExceededError before the Lambda's timeout. Without a Lambda's deadline (a test
 * calling the app directly), API Gateway's cut bounds it. The household is the caller's, never another's.
 */
export const openHouseholdStore = async (
  config: StoreConfig,
  householdId: string,
  deadline: number | undefined,
  /** The tenant whose store account the tools sign in with (read by the adapter from its vault). */
  tenant?: string,
): Promise<HouseholdStore> => {
  // Loaded on first use (the store's page code): a request that never drives the store never pays for it.
  const [{ storeToolsForHousehold }, { storePortOver }] = await Promise.all([
    import("../adapters/store/store-tools-for-household"),
    import("../adapters/store-port-adapter"),
  ]);
  const account =
    tenant === undefined
      ? undefined
      : {
          vault: await (await import("./store-account")).storeAccountVaultFor(tenant),
          requiresAccount: config.requiresAccount,
          // Loaded with the account (the table client too): a step that searches without one never pays for it.
          attempts: (
            await import("../adapters/table-store-account-attempts")
          ).createTableStoreAccountAttempts((await import("./shop-table")).shopTable().forTenant(tenant)),
          now: () => new Date(),
        };
  const tools = storeToolsForHousehold({
    householdId,
    config,
    ...(account ? { account } : {}),
    ...(deadline === undefined ? { remainingTimeMs: API_GATEWAY_TIMEOUT_MS } : { deadline }),
  });
  return { ...storePortOver(tools), close: () => tools.close() };
};
