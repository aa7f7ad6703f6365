import type { StoreConfig } from "../adapters/store/store-config";
import { createStoreToolsSessionOpener } from "../adapters/store-session-opener";
import type { StoreSessionOpener } from "../domain/ports/store-session-opener";

/**
 * The shop's store sessions, for the workflow's store steps and ShopApi's decisions: the store tools on
 * the configured store, signed in with the tenant's store account (its vault, its sign-in counter), each
 * bounded by its request's or step's store deadline (adapters/store-session-opener.ts).
 */
export const shopStoreSessions = (config: StoreConfig): StoreSessionOpener =>
  createStoreToolsSessionOpener({
    config,
    // Loaded with the account (the table client too): a step that searches without one never pays for it.
    accountFor: async (tenant) => ({
      vault: await (await import("./store-account")).storeAccountVaultFor(tenant),
      requiresAccount: config.requiresAccount,
      attempts: (await import("../adapters/table-store-account-attempts")).createTableStoreAccountAttempts(
        (await import("./shop-table")).shopTable().forTenant(tenant),
      ),
      now: () => new Date(),
    }),
  });
