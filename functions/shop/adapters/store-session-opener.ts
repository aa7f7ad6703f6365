import type { StoreHousehold, StoreSession, StoreSessionOpener } from "../domain/ports/store-session-opener";
import type { StoreConfig } from "./store/store-config";
import { API_GATEWAY_CLOCK, storeDeadlineAt, storeDeadlineFor } from "./store/store-deadline-margin";
import type { StoreAccountAccess } from "./store/store-sign-in";

/**
 * The port's deadline over any way of opening a session: the store deadline from the request's or step's
 * clock (store-deadline-margin.ts, the one computation), or without one API Gateway's cut, given to every
 * session it opens. Tests open fake stores through it.
 */
export const storeSessionOpener = (
  openSession: (household: StoreHousehold, deadline: number) => Promise<StoreSession>,
): StoreSessionOpener => ({
  forClock: (clock) => {
    const deadline = storeDeadlineFor(clock);
    return {
      deadline,
      open: (household) => openSession(household, deadline ?? storeDeadlineAt(API_GATEWAY_CLOCK)),
    };
  },
});

/**
 * Store sessions over the store tools (the store adapter's one factory, storeToolsForHousehold) seen as
 * the shop domain's StorePort: for the workflow's store steps and ShopApi's decisions. The household is
 * the caller's, never another's.
 */
export const createStoreToolsSessionOpener = (options: {
  /** STORE_URL / STORE_TIMEOUT_MS, read once by the wiring. */
  config: StoreConfig;
  /** The tenant's store account the tools sign in with (read by the tools from its vault). */
  accountFor: (tenant: string) => Promise<StoreAccountAccess>;
}): StoreSessionOpener =>
  storeSessionOpener(async ({ householdId, tenant }, deadline) => {
    // Loaded on first use (the store's page code): a request that never drives the store never pays for it.
    const [{ storeToolsForHousehold }, { storePortOver }] = await Promise.all([
      import("./store/store-tools-for-household"),
      import("./store-port-adapter"),
    ]);
    const account = tenant === undefined ? undefined : await options.accountFor(tenant);
    const tools = storeToolsForHousehold({
      householdId,
      config: options.config,
      deadline,
      ...(account ? { account } : {}),
    });
    return { ...storePortOver(tools), close: () => tools.close() };
  });
