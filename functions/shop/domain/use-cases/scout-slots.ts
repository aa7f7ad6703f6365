import { defaultHouseholdPreferences } from "../household-preferences";
import type { ShopRunRepository } from "../ports/shop-run-repository";
import type { StoreToolsPort } from "../ports/store-tools-port";
import { recommendSlot, type SlotRecommendation } from "../slot-scout";
import type { CoordinatorSlot } from "../store-shapes";

/** ScoutSlots: reads the delivery slots and recommends one. Never books a slot, never checks out. */
export const scoutSlots = async (deps: {
  runs: ShopRunRepository;
  withStore: <T>(work: (store: StoreToolsPort) => Promise<T>) => Promise<T>;
}): Promise<{ slots: CoordinatorSlot[]; recommendation: SlotRecommendation }> => {
  const preferences = (await deps.runs.getPreferences()) ?? defaultHouseholdPreferences();
  const slots = await deps.withStore((store) => store.listDeliverySlots());
  return { slots, recommendation: recommendSlot(slots, preferences.slots) };
};
